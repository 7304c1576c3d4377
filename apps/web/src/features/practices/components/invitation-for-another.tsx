import { Button, Card, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useSearchParams } from 'react-router';
import type { Auth } from '../../../lib/auth/auth-context.ts';
import { useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { useInvitationLink } from '../api/get-invitation-link.ts';

/**
 * The invitation's link opened while signed in as somebody else: says so, with the address it
 * went to masked by the api, and offers the sign-in page for the right account, which returns
 * here (issue 22, point 1; decision 0058).
 */
export function InvitationForAnother() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = useInvitationLink(params.get('invitation'));
  // The root layout's session (root-layout.tsx says why it is not `useAuth`).
  const auth = useOutletContext<Auth>();
  const email = useCustomer()?.email ?? '';
  const [switching, setSwitching] = useState(false);
  if (!link.data || link.data.forCaller) return null;

  const switchAccount = () => {
    setSwitching(true);
    void auth.switchAccount();
  };
  return (
    <Card withBorder component="section" aria-labelledby="invitation-for-another-heading" mb="lg">
      <Title order={2} size="h4" id="invitation-for-another-heading" mb="xs">
        {t('INVITATION_LINK.TITLE')}
      </Title>
      <Text mb="md">{t('INVITATION_LINK.TEXT', { sentTo: link.data.sentTo ?? '', email })}</Text>
      <Button loading={switching} onClick={switchAccount}>
        {t('INVITATION_LINK.SWITCH')}
      </Button>
    </Card>
  );
}
