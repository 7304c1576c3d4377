import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../lib/ui-state/companies.ts';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { formatDate } from '../../../lib/format/format.ts';
import { roleKey } from '../../../lib/format/role-name.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { failureToastKey } from '../../../lib/toasts/failure-toast.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useMyInvitations } from '../api/get-my-invitations.ts';
import { useMembershipCall, type MembershipCall } from '../api/membership-calls.ts';

/**
 * A pending invitation to one practice: who invited and until when, then accept or decline.
 * An expired one says so and can only be declined; the practice's admins can send it again.
 */
export function InvitationActions({ company }: { company: Company }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const salutation = useCustomer()?.salutation;
  const invitation = useMyInvitations().data?.find(
    (entry) => entry.companyId === company.companyId,
  );
  const accept = useMembershipCall('accept');
  const decline = useMembershipCall('decline');
  const [refusal, setRefusal] = useState<unknown>();
  const named = (text: string) => `${text}: ${company.name}`;

  // Awaited rather than `mutate` callbacks: once accepted or declined, this entry is gone
  // from the list (unmounted) before the mutation's own callbacks could run.
  const run = async (call: MembershipCall) => {
    const mutation = call === 'accept' ? accept : decline;
    if (accept.isPending || decline.isPending) return;
    setRefusal(undefined);
    try {
      await mutation.mutateAsync(company.companyId);
      toasts.show(call === 'accept' ? 'INVITATIONS.ACCEPTED' : 'INVITATIONS.DECLINED', 'success');
    } catch (error) {
      setRefusal(error);
      toasts.show(failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR));
    }
  };

  if (!invitation) return null;
  const dates = {
    invitedBy: invitation.invitedBy ?? t('INVITATIONS.SOMEONE'),
    invitedAt: formatDate(new Date(invitation.invitedAt)),
    expiresAt: formatDate(new Date(invitation.expiresAt)),
    role: t(roleKey(invitation.role, salutation)),
  };
  return (
    <>
      <Text size="sm" mt={4}>
        {t(invitation.expired ? 'INVITATIONS.EXPIRED' : 'INVITATIONS.PENDING', dates)}
      </Text>
      <Group mt="sm">
        {!invitation.expired && (
          <Button
            loading={accept.isPending}
            aria-label={named(t('INVITATIONS.ACCEPT'))}
            onClick={() => void run('accept')}
          >
            {t('INVITATIONS.ACCEPT')}
          </Button>
        )}
        <Button
          variant="default"
          loading={decline.isPending}
          aria-label={named(t('INVITATIONS.DECLINE'))}
          onClick={() => void run('decline')}
        >
          {t('INVITATIONS.DECLINE')}
        </Button>
      </Group>
      <RefusalAlert error={refusal} />
    </>
  );
}
