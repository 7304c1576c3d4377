import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSelectable, type Company } from '../../../lib/ui-state/companies.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { failureToastKey } from '../../../lib/toasts/failure-toast.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { useEnableCompany } from '../api/enable-company.ts';
import { useChangePrimaryCompany } from '../api/membership-calls.ts';
import { mayEnable, mayLeave, mayMakePrimary } from '../membership-state.ts';
import { InvitationActions } from './invitation-actions.tsx';
import { LeavePracticeButton } from './leave-practice-button.tsx';

interface MembershipActionsProps {
  company: Company;
  active: boolean;
  /** How many practices the user can work in: "primary" means something only with two. */
  selectableCount: number;
  onSwitch: (companyId: string) => void;
}

/**
 * What the user can do with one of their practices: accept or decline an invitation to it,
 * work in it (switch), make it their primary one, leave it (not its superadmin), or, as the
 * superadmin of a disabled one, enable it again. Each button's name also names its practice.
 */
export function MembershipActions({
  company,
  active,
  selectableCount,
  onSwitch,
}: MembershipActionsProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const customerId = useCustomer()?.customerId;
  const enable = useEnableCompany();
  const primary = useChangePrimaryCompany();
  // The visible text first, then the practice: "Zu dieser Praxis wechseln: Praxis am Markt".
  const named = (text: string) => `${text}: ${company.name}`;

  const enableAgain = () => {
    if (enable.isPending) return;
    enable.mutate(company.companyId, {
      onSuccess: () => toasts.show('MY_PRACTICE.ENABLED', 'success'),
      onError: (error) => toasts.show(failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR)),
    });
  };
  const makePrimary = () => {
    if (primary.isPending || !customerId) return;
    primary.mutate(
      { customerId, companyId: company.companyId },
      {
        onSuccess: () => toasts.show('MY_PRACTICE.PRIMARY_CHANGED', 'success'),
        onError: (error) => toasts.show(failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR)),
      },
    );
  };

  if (company.membershipStatus === 'invited') return <InvitationActions company={company} />;
  const canSwitch = isSelectable(company) && !active;
  const canMakePrimary = mayMakePrimary(company, selectableCount);
  if (!canSwitch && !mayEnable(company) && !canMakePrimary && !mayLeave(company)) return null;
  return (
    <Group mt="sm">
      {canSwitch && (
        <Button
          variant="default"
          aria-label={named(t('MY_PRACTICE.SWITCH'))}
          onClick={() => onSwitch(company.companyId)}
        >
          {t('MY_PRACTICE.SWITCH')}
        </Button>
      )}
      {canMakePrimary && (
        <Button
          variant="default"
          loading={primary.isPending}
          aria-label={named(t('MY_PRACTICE.MAKE_PRIMARY'))}
          onClick={makePrimary}
        >
          {t('MY_PRACTICE.MAKE_PRIMARY')}
        </Button>
      )}
      {mayEnable(company) && (
        <Button
          loading={enable.isPending}
          aria-label={named(t('MY_PRACTICE.ENABLE'))}
          onClick={enableAgain}
        >
          {t('MY_PRACTICE.ENABLE')}
        </Button>
      )}
      {mayLeave(company) && <LeavePracticeButton company={company} />}
    </Group>
  );
}
