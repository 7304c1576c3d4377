import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@pp/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useEndAllSessions, useEndSession, useSessions } from '../api/security.ts';
import { ProviderPages, SectionError, SectionLoading } from './load-state.tsx';
import { formatMoment } from './when.ts';

/** "Firefox 128 · Windows 10", or a word for a browser that did not say. */
export function useBrowserName() {
  const { t } = useTranslation();
  return ({ browser, system }: { browser: string; system: string }) =>
    [browser, system].filter(Boolean).join(' · ') || t('SECURITY.UNKNOWN_BROWSER');
}

function SessionItem({
  session,
  onEnd,
}: {
  session: AccountSession;
  onEnd: (session: AccountSession) => void;
}) {
  const { t } = useTranslation();
  const name = useBrowserName()(session);
  return (
    <Card withBorder component="li" padding="sm">
      <Group justify="space-between" align="center" wrap="wrap">
        <div>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {session.current && (
              <Badge variant="outline" color="teal">
                {t('SECURITY.SESSIONS.THIS_DEVICE')}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {t('SECURITY.SESSIONS.SIGNED_IN', { when: formatMoment(session.signedInAt) })}
          </Text>
          <Text size="sm">
            {t('SECURITY.SESSIONS.LAST_ACTIVE', { when: formatMoment(session.lastActiveAt) })}
          </Text>
        </div>
        {!session.current && (
          <Button
            variant="default"
            onClick={() => onEnd(session)}
            aria-label={t('SECURITY.SESSIONS.END_ONE_LABEL', { name })}
          >
            {t('SECURITY.SESSIONS.END_ONE')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The account's sessions, signing one out, and signing out everywhere (decision 0068). */
export function SessionsSection() {
  const { t } = useTranslation();
  const auth = useAuth();
  const toasts = useToasts();
  const sessions = useSessions();
  const endSession = useEndSession();
  const endAll = useEndAllSessions();
  const browserName = useBrowserName();
  const [ending, setEnding] = useState<AccountSession>();
  const [endingAll, setEndingAll] = useState(false);

  const confirmEnd = () => {
    if (!ending) return;
    endSession.mutate(ending.id, {
      onSuccess: () => {
        setEnding(undefined);
        toasts.show('SECURITY.SESSIONS.ENDED', 'success');
      },
      onError: () => {
        setEnding(undefined);
        toasts.show(TOAST_MESSAGES.SAVE_ERROR);
      },
    });
  };

  const confirmEndAll = () => {
    endAll.mutate(undefined, {
      // Every session is gone, this browser's too: every tab goes to the sign-in page.
      onSuccess: () => void auth.signOut('signed-out', { providerSessionEnded: true }),
      onError: () => {
        setEndingAll(false);
        toasts.show(TOAST_MESSAGES.SAVE_ERROR);
      },
    });
  };

  const data = sessions.data;
  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="sessions-heading">
      <Title order={2} size="h4" id="sessions-heading" mb="xs">
        {t('SECURITY.SESSIONS.TITLE')}
      </Title>
      <Text size="sm" mb="md">
        {t('SECURITY.SESSIONS.DESCRIPTION')}
      </Text>
      {sessions.isPending && <SectionLoading />}
      {sessions.isError && <SectionError onRetry={() => void sessions.refetch()} />}
      {data?.managedByProvider && <ProviderPages providerUrl={data.providerUrl} />}
      {data && !data.managedByProvider && (
        <>
          {data.sessions.length === 0 ? (
            <Text size="sm">{t('SECURITY.SESSIONS.NONE')}</Text>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.sessions.map((session) => (
                <SessionItem key={session.id} session={session} onEnd={setEnding} />
              ))}
            </Stack>
          )}
          <Group mt="md">
            <Button color="red" variant="outline" onClick={() => setEndingAll(true)}>
              {t('SECURITY.SESSIONS.END_ALL')}
            </Button>
          </Group>
        </>
      )}
      <ConfirmDialog
        opened={ending !== undefined}
        title={t('SECURITY.SESSIONS.END_ONE_TITLE')}
        question={t('SECURITY.SESSIONS.END_ONE_QUESTION', {
          name: ending ? browserName(ending) : '',
        })}
        consequences={t('SECURITY.SESSIONS.END_ONE_CONSEQUENCES')}
        confirmLabel={t('SECURITY.SESSIONS.END_ONE')}
        danger
        pending={endSession.isPending}
        onConfirm={confirmEnd}
        onClose={() => setEnding(undefined)}
      />
      <ConfirmDialog
        opened={endingAll}
        title={t('SECURITY.SESSIONS.END_ALL_TITLE')}
        question={t('SECURITY.SESSIONS.END_ALL_QUESTION')}
        consequences={t('SECURITY.SESSIONS.END_ALL_CONSEQUENCES')}
        confirmLabel={t('SECURITY.SESSIONS.END_ALL')}
        danger
        pending={endAll.isPending || endAll.isSuccess}
        onConfirm={confirmEndAll}
        onClose={() => setEndingAll(false)}
      />
    </Card>
  );
}
