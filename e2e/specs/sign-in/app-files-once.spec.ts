import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signIn } from '../../support/sign-in.ts';

const clara = DEMO_USERS[2];

// The provider's answer to a sign-in names the app's files in `Link` headers so they load with
// the entry (decision 0087). A preload the page cannot use (another credentials mode than the
// app's loader asks with) makes Chromium download the same file a second time.
test('the return from the sign-in page downloads each of the app’s files once', async ({
  page,
  portal,
}) => {
  // What came over the network, by Chromium's own record (a copy from the cache is no download).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  const downloads = new Map<string, number>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const url = new URL(response.url);
    const cached = fromCache.has(requestId) || response.fromDiskCache || response.fromPrefetchCache;
    if (url.origin === portal.url && url.pathname.startsWith('/assets/') && !cached) {
      downloads.set(url.pathname, (downloads.get(url.pathname) ?? 0) + 1);
    }
  });
  const unusedPreloads: string[] = [];
  page.on('console', (message) => {
    if (/preload.*(not used|credentials mode)/i.test(message.text())) {
      unusedPreloads.push(message.text());
    }
  });

  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guten Tag, Frau Wolf');

  expect([...downloads.keys()].some((file) => file.endsWith('.css'))).toBe(true);
  expect([...downloads].filter(([, count]) => count > 1)).toEqual([]);
  expect(unusedPreloads).toEqual([]);
});
