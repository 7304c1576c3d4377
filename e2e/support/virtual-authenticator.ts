import type { Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator for this page (CDP WebAuthn domain): a platform authenticator
 * with resident keys and user verification, which answers without a prompt. WebAuthn needs a
 * secure context: the shared portal's provider is http://localhost, which is one.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
