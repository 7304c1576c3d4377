import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PROHIBITED_ALIAS_FALLBACK, ROUTES } from '@pp/contract';
import { LeaveDialog } from '../../../components/forms/leave-dialog.tsx';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import { useSaveForm } from '../../../lib/forms/use-save-form.ts';
import { useProhibitedAliases } from '../../../lib/ui-state/api/get-email-prohibited-alias.ts';
import { useInviteEmployee } from '../api/invite-employee.ts';
import { DEFAULT_EMPLOYEES_VIEW, employeesViewParams } from '../employees-view.ts';
import {
  EMPTY_INVITATION,
  INVITE_FIELDS,
  inviteFormSchema,
  type InviteFields as InviteBody,
} from '../invite-form-values.ts';
import { InviteFields } from './invite-fields.tsx';
import { LocationCheckboxes } from './location-checkboxes.tsx';

interface InviteFormProps {
  companyId: string;
  /** Only the superadmin invites an admin. */
  mayInviteAdmin: boolean;
}

/**
 * Invites a person by e-mail into the active practice, checked inline as the api checks it.
 * Sent, the list opens on the new invitation; a failed send shows `MESSAGES.SAVE_ERROR` and
 * keeps the input.
 */
export function InviteForm({ companyId, mayInviteAdmin }: InviteFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useFormErrorText();
  const invite = useInviteEmployee();
  const aliases = useProhibitedAliases().data ?? PROHIBITED_ALIAS_FALLBACK;
  const resolver = useMemo(
    () => zodResolver(inviteFormSchema(aliases, mayInviteAdmin), { error: fieldErrorMap }),
    [aliases, mayInviteAdmin],
  );
  const { form, submit, pending, refusal, leaveGuard } = useSaveForm({
    resolver,
    values: EMPTY_INVITATION,
    mutation: invite,
    request: (body: InviteBody) => ({ companyId, ...body }),
    fields: INVITE_FIELDS,
    savedToast: 'INVITE.SENT',
    onSaved: (_, body) => {
      const search = employeesViewParams({ ...DEFAULT_EMPLOYEES_VIEW, search: body.email });
      void navigate({ pathname: ROUTES.employees, search: search.toString() });
    },
  });
  const roles = (mayInviteAdmin ? (['member', 'admin'] as const) : (['member'] as const)).map(
    (role) => ({ value: role, label: t(`ROLES.${role.toUpperCase()}`) }),
  );

  return (
    <form noValidate onSubmit={submit} aria-label={t('INVITE.FORM')}>
      <LeaveDialog guard={leaveGuard} />
      <RefusalAlert error={refusal} />
      <Stack gap="lg">
        <InviteFields form={form} />
        <NativeSelect
          {...form.register('role')}
          label={t('INVITE.ROLE')}
          description={t(mayInviteAdmin ? 'INVITE.ROLE_HINT' : 'INVITE.ROLE_HINT_ADMIN')}
          data={roles}
          error={errorText(form.formState.errors.role?.message)}
        />
        <LocationCheckboxes
          control={form.control}
          name="locationIds"
          label={t('INVITE.LOCATIONS')}
          description={t('INVITE.LOCATIONS_HINT')}
        />
      </Stack>
      <Group mt="xl" mb="xl">
        <Button type="submit" loading={pending}>
          {t('INVITE.SUBMIT')}
        </Button>
        <Button component={Link} to={ROUTES.employees} variant="default">
          {t('ACTIONS.CANCEL')}
        </Button>
      </Group>
    </form>
  );
}
