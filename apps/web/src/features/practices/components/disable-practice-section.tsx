import { Button, Card, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '@pp/contract';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { failureToastKey } from '../../../lib/toasts/failure-toast.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useDisableCompany } from '../api/disable-company.ts';
import { DisablePracticeDialog } from './disable-practice-dialog.tsx';

interface DisablePracticeSectionProps {
  companyId: string;
  practiceName: string;
}

/** The superadmin's way to disable the practice, after a confirmation that names it. */
export function DisablePracticeSection({ companyId, practiceName }: DisablePracticeSectionProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  // To the list where it can be enabled again (and away from a page for admins).
  const disable = useDisableCompany(() => void navigate(ROUTES.myPractice));
  const [asking, setAsking] = useState(false);

  const confirm = async () => {
    if (disable.isPending) return;
    try {
      await disable.mutateAsync(companyId);
      toasts.show('DISABLE_PRACTICE.DONE', 'success');
    } catch (error) {
      toasts.show(failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR));
    }
  };

  return (
    <Card withBorder component="section" mb="xl" aria-labelledby="disable-practice-heading">
      <Title order={2} size="h4" id="disable-practice-heading" mb="xs">
        {t('DISABLE_PRACTICE.TITLE')}
      </Title>
      <Text mb="md">{t('DISABLE_PRACTICE.TEXT')}</Text>
      <Button color="red" variant="outline" w="fit-content" onClick={() => setAsking(true)}>
        {t('DISABLE_PRACTICE.OPEN')}
      </Button>
      <DisablePracticeDialog
        opened={asking}
        practiceName={practiceName}
        pending={disable.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </Card>
  );
}
