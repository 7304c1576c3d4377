import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSelectable, type Company } from '../../../lib/ui-state/companies.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useEnableCompany } from '../api/enable-company.ts';
import { mayEnable } from '../membership-state.ts';

interface MembershipActionsProps {
  company: Company;
  active: boolean;
  onSwitch: (companyId: string) => void;
}

/**
 * What the user can do with one of their practices: work in it (switch), or, as the
 * superadmin of a disabled one, enable it again. Each button's name also names its practice.
 */
export function MembershipActions({ company, active, onSwitch }: MembershipActionsProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const enable = useEnableCompany();
  // The visible text first, then the practice: "Zu dieser Praxis wechseln: Praxis am Markt".
  const named = (text: string) => `${text}: ${company.name}`;

  const enableAgain = () => {
    if (enable.isPending) return;
    enable.mutate(company.companyId, {
      onSuccess: () => toasts.show('MY_PRACTICE.ENABLED', 'success'),
      onError: () => toasts.show(TOAST_MESSAGES.SAVE_ERROR),
    });
  };

  const canSwitch = isSelectable(company) && !active;
  if (!canSwitch && !mayEnable(company)) return null;
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
      {mayEnable(company) && (
        <Button
          loading={enable.isPending}
          aria-label={named(t('MY_PRACTICE.ENABLE'))}
          onClick={enableAgain}
        >
          {t('MY_PRACTICE.ENABLE')}
        </Button>
      )}
    </Group>
  );
}
