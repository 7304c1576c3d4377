import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { CHECKED_WIDTHS } from '../../apps/web/src/features/accessibility-statement/measured.ts';
import type { CreateUser, TestUser } from './fixtures.ts';
import type { Portal } from './portal.ts';

// Real-length data for the layout specs (issue 43): the longest addresses, practice and
// location names a practice really has, and a person with every badge of the staff list.

/** A tag of letters only (names allow no digits), unique for the test. */
const letters = () =>
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 6)
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);

export const LONG_PRACTICE =
  'Zahnärztliche Gemeinschaftspraxis Dr. Maximiliane Mustermann-Schmidt und Kollegen';
export const LONG_LOCATION =
  'Zweigpraxis Kieferorthopädie am Universitätsklinikum Charlottenburg-Wilmersdorf';

export interface LongPractice {
  /** The superadmin, with the longest address; the test sets up their authenticator. */
  owner: TestUser;
  /** An admin with a long address and no location. */
  admin: TestUser;
  /** A long address to invite (the person is "invited" once the test has). */
  invitee: string;
}

/** A practice with a long name, its superadmin and an admin, all with long addresses. */
export async function longPractice(createUser: CreateUser): Promise<LongPractice> {
  const tag = randomBytes(3).toString('hex');
  const owner = await createUser({
    email: `dr.maximiliane.mustermann-schmidt.${tag}@zahnarztpraxis-beispiel.example.com`,
    firstName: 'Maximiliane',
    lastName: `Mustermann-Schmidt-${letters()}`,
    practices: [{ name: `${LONG_PRACTICE} ${letters()}` }],
  });
  const admin = await createUser({
    email: `anna-katharina.oberhuber-wittgenstein.${tag}@zahnarztpraxis-beispiel.example.com`,
    firstName: 'Anna-Katharina',
    lastName: `Oberhuber-Wittgenstein-${letters()}`,
    practices: [{ companyId: owner.practiceIds[0]!, role: 'admin' }],
  });
  const invitee = `neu.eins.mitarbeiterin.${tag}@zahnarztpraxis-beispiel.example.com`;
  return { owner, admin, invitee };
}

/** The code of the step `offset` steps from now, as the person's app shows it. */
export function totpCode(secret: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Not within three seconds of a step's end, so the provider sees the step the test meant. */
export async function awayFromStepEdge(page: Page): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (into > 26) await page.waitForTimeout((31 - into) * 1000);
}

/** The portal's authorize request with an account action, as the security page sends it. */
export function accountActionUrl(portal: Portal, action: string, language: string): string {
  const url = new URL('/auth', portal.issuer);
  const params = {
    client_id: 'practice-portal-web',
    response_type: 'code',
    redirect_uri: `${portal.url}/`,
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    code_challenge: randomBytes(32).toString('base64url'),
    code_challenge_method: 'S256',
    ui_locales: language,
    pp_action: action,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Sets up an authenticator app for the signed-in person on the provider's pages; `onPage` is
 * called on the setup page and on the recovery codes' page. Returns the key.
 */
export async function setUpAuthenticator(
  page: Page,
  portal: Portal,
  language: 'de' | 'en',
  onPage: (name: string) => Promise<void> = async () => {},
): Promise<string> {
  await page.goto(accountActionUrl(portal, 'configure-totp', language));
  await expect(page.locator('#totp-secret')).toBeVisible();
  await onPage('provider: authenticator setup');
  const secret = ((await page.locator('#totp-secret').textContent()) ?? '').replace(/\s/g, '');
  await awayFromStepEdge(page);
  await page
    .getByLabel(language === 'de' ? 'Code aus der App' : 'Code from the app')
    .fill(totpCode(secret));
  await page.keyboard.press('Enter');
  await expect(page.locator('#recovery-codes li')).toHaveCount(10);
  await onPage('provider: recovery codes');
  await page
    .getByRole('link', { name: language === 'de' ? 'Weiter zum Portal' : 'Continue to the portal' })
    .click();
  await page.waitForURL((url) => url.origin === new URL(portal.url).origin);
  return secret;
}

/** The widths the portal is made for: a small phone, a tablet, a laptop. */
export const WIDTHS = CHECKED_WIDTHS;

/** How far the page scrolls sideways at the viewport's width (0: not at all). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The page's sideways overflow at each width, once it has had time to lay itself out anew
 * (container queries, Mantine's resize observers): 0 where it fits, else the largest seen.
 */
export async function overflowAtWidths(page: Page): Promise<Record<number, number>> {
  const height = page.viewportSize()?.height ?? 900;
  const result: Record<number, number> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height });
    let last = 0;
    try {
      await expect
        .poll(async () => (last = await sidewaysOverflow(page)), { timeout: 1_500 })
        .toBeLessThanOrEqual(0);
      result[width] = 0;
    } catch {
      result[width] = last;
    }
  }
  return result;
}

/** The innermost elements that reach past the viewport's right edge, for a failure's message. */
export const pastTheEdge = (page: Page) =>
  page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((element) => element.getBoundingClientRect().width > 1)
      .slice(-5)
      .map(
        (element) =>
          `${element.tagName}.${element.className}: ${element.textContent?.slice(0, 40)}`,
      )
      .join('\n'),
  );

/** Expects the locator's box to lie within the viewport's width (it may be scrolled to). */
export async function expectWithinWidth(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = await locator.page().evaluate(() => document.documentElement.clientWidth);
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(width + 0.5);
}
