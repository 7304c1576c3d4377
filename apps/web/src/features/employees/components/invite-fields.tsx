import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldErrorCode, TITLE_CODES, UNDEFINED_VALUE } from '@pp/contract';
import { fieldErrorTextKey } from '../../../lib/api/error-texts.ts';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import { usePicklists } from '../../../lib/ui-state/api/get-picklists.ts';
import type { InviteFields, InviteFormValues } from '../invite-form-values.ts';

export type InviteForm = UseFormReturn<InviteFormValues, unknown, InviteFields>;

/** The address is the invitee's, not the reader's: a shared mailbox is refused in those words. */
const INVITEE_WORDING = {
  [fieldErrorTextKey(FieldErrorCode.prohibitedAlias)]: 'INVITE.PROHIBITED_ALIAS',
};

/** The invitee's address and, as far as the inviter wants, salutation, title and name. */
export function InviteFields({ form }: { form: InviteForm }) {
  const { t } = useTranslation();
  const errorText = useFormErrorText(INVITEE_WORDING);
  const picklists = usePicklists().data;
  const { register } = form;
  const { errors } = form.formState;
  const empty = { value: UNDEFINED_VALUE, label: t('INVITE.NO_SELECTION') };
  const salutations = [empty, ...(picklists?.salutation.values ?? [])];
  const titles = [
    empty,
    ...TITLE_CODES.map((code) => ({ value: code, label: t(`TITLES.${code}`) })),
  ];

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        {...register('email')}
        label={t('INVITE.EMAIL')}
        description={t('INVITE.EMAIL_HINT')}
        required
        type="email"
        autoComplete="off"
        error={errorText(errors.email?.message)}
        style={{ gridColumn: '1 / -1' }}
      />
      <NativeSelect
        {...register('salutation')}
        label={t('INVITE.SALUTATION')}
        data={salutations}
        error={errorText(errors.salutation?.message)}
      />
      <NativeSelect
        {...register('title')}
        label={t('INVITE.TITLE')}
        data={titles}
        error={errorText(errors.title?.message)}
      />
      <TextInput
        {...register('firstName')}
        label={t('INVITE.FIRST_NAME')}
        description={t('INVITE.OPTIONAL')}
        autoComplete="off"
        error={errorText(errors.firstName?.message)}
      />
      <TextInput
        {...register('lastName')}
        label={t('INVITE.LAST_NAME')}
        description={t('INVITE.OPTIONAL')}
        autoComplete="off"
        error={errorText(errors.lastName?.message)}
      />
    </SimpleGrid>
  );
}
