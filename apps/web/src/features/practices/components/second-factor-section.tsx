// A Switch is built on InlineInput: its styles first (Mantine's "CSS files list").
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Card, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company as PracticeDetails } from '@pp/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { failureToastKey } from '../../../lib/toasts/failure-toast.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useUpdateCompany } from '../api/update-company.ts';

/**
 * Whether the practice requires a second factor at sign-in (decision 0069): a switch for its
 * superadmin that asks first, saying what it means for the members (issue 43), then saves with
 * `Company/UpdateCompany` and says so; what it is, read-only, for an admin.
 */
export function SecondFactorSection({ practice }: { practice: PracticeDetails }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const update = useUpdateCompany();
  const required = practice.requiresSecondFactor;
  /** The value the superadmin asked for, while the dialog asks whether to. */
  const [asked, setAsked] = useState<boolean>();

  const change = async (requiresSecondFactor: boolean) => {
    if (update.isPending) return;
    try {
      await update.mutateAsync({ companyId: practice.companyId, requiresSecondFactor });
      toasts.show(
        requiresSecondFactor ? 'SECOND_FACTOR_SETTING.DONE_ON' : 'SECOND_FACTOR_SETTING.DONE_OFF',
        'success',
      );
    } catch (error) {
      toasts.show(failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR));
    } finally {
      setAsked(undefined);
    }
  };
  const on = asked ?? !required;

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="second-factor-heading">
      <Title order={2} size="h4" id="second-factor-heading" mb="xs">
        {t('SECOND_FACTOR_SETTING.TITLE')}
      </Title>
      {practice.role === 'superadmin' ? (
        <>
          {/* The description apart from the label: Mantine's would join the switch's name. */}
          <Text mb="sm" id="second-factor-description">
            {t('SECOND_FACTOR_SETTING.DESCRIPTION')}
          </Text>
          <Switch
            checked={required}
            disabled={update.isPending}
            onChange={(event) => setAsked(event.currentTarget.checked)}
            label={t('SECOND_FACTOR_SETTING.LABEL')}
            aria-describedby="second-factor-description"
          />
          <ConfirmDialog
            opened={asked !== undefined}
            title={t(
              on ? 'SECOND_FACTOR_SETTING.ASK_ON_TITLE' : 'SECOND_FACTOR_SETTING.ASK_OFF_TITLE',
            )}
            question={t(on ? 'SECOND_FACTOR_SETTING.ASK_ON' : 'SECOND_FACTOR_SETTING.ASK_OFF')}
            consequences={t(
              on ? 'SECOND_FACTOR_SETTING.ASK_ON_MEANS' : 'SECOND_FACTOR_SETTING.ASK_OFF_MEANS',
            )}
            confirmLabel={t(
              on ? 'SECOND_FACTOR_SETTING.CONFIRM_ON' : 'SECOND_FACTOR_SETTING.CONFIRM_OFF',
            )}
            pending={update.isPending}
            onConfirm={() => void change(on)}
            onClose={() => setAsked(undefined)}
          />
        </>
      ) : (
        <>
          <Text mb="xs" data-second-factor-setting={required ? 'on' : 'off'}>
            {t(required ? 'SECOND_FACTOR_SETTING.IS_ON' : 'SECOND_FACTOR_SETTING.IS_OFF')}
          </Text>
          <Text size="sm">{t('SECOND_FACTOR_SETTING.ONLY_MAIN_ADMINISTRATION')}</Text>
        </>
      )}
    </Card>
  );
}
