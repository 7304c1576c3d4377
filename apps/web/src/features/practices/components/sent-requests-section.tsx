import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SentRequest } from '@pp/contract';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { formatDate } from '../../../lib/format/format.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { failureToastKey } from '../../../lib/toasts/failure-toast.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useSentRequests, useWithdrawSentRequest } from '../api/sent-requests.ts';
import './details-list.css';

/**
 * The user's requests to join, shown only with what they typed: whether a number and postal
 * code matched a practice is not told until its admins approve (decision 0052).
 */
export function SentRequestsSection() {
  const { t } = useTranslation();
  const requests = useSentRequests().data ?? [];
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="sent-requests-heading">
      <Title order={2} size="h4" id="sent-requests-heading" mb="sm">
        {t('MY_PRACTICE.SENT_TITLE')}
      </Title>
      <Stack component="ul" gap="sm" className="plain-list" mb="xl">
        {requests.map((request) => (
          <SentRequestItem key={request.requestId} request={request} />
        ))}
      </Stack>
    </section>
  );
}

function SentRequestItem({ request }: { request: SentRequest }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const withdraw = useWithdrawSentRequest();
  const [refusal, setRefusal] = useState<unknown>();
  const typed = t('MY_PRACTICE.SENT_ITEM', {
    customerNumber: request.customerNumber,
    postalCode: request.postalCode,
  });

  // Awaited: once withdrawn, the entry leaves the list before the mutation's callbacks would run.
  const run = async () => {
    if (withdraw.isPending) return;
    setRefusal(undefined);
    try {
      await withdraw.mutateAsync(request.requestId);
      toasts.show('MY_PRACTICE.WITHDRAWN', 'success');
    } catch (error) {
      setRefusal(error);
      toasts.show(failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR));
    }
  };

  return (
    <Card withBorder component="li" padding="md">
      <Group gap="xs" wrap="wrap">
        <Title order={3} size="h5">
          {typed}
        </Title>
        <Badge variant="outline">{t('MY_PRACTICE.SENT_BADGE')}</Badge>
      </Group>
      <Text size="sm" mt={4}>
        {t('MY_PRACTICE.SENT_NOTE', {
          requestedAt: formatDate(new Date(request.requestedAt)),
          expiresAt: formatDate(new Date(request.expiresAt)),
        })}
      </Text>
      <Group mt="sm">
        <Button
          variant="default"
          loading={withdraw.isPending}
          aria-label={`${t('MY_PRACTICE.WITHDRAW')}: ${typed}`}
          onClick={() => void run()}
        >
          {t('MY_PRACTICE.WITHDRAW')}
        </Button>
      </Group>
      <RefusalAlert error={refusal} />
    </Card>
  );
}
