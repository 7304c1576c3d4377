import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { findAccountByEmail } from '../src/accounts/accounts.ts';
import { useIdp } from './support/provider.ts';
import {
  addPasskey,
  awayFromStepEdge,
  codeAt,
  newAccount,
  originOf,
  passkeyAnswer,
  passwordStep,
  post,
  setUpApp,
} from './support/sign-in-steps.ts';

// Issue 41, finding 8: the history said "success, password, no second factor" for the password
// step of a two-step sign-in, named an authenticator sign-in "Passwort" and a failed code
// "Authenticator-App". Now one entry stands for one attempt, settled when the sign-in ends,
// with every factor it proved; the password step alone is never a success.

const idp = useIdp();
const db = () => idp.database.database.db;

/** The account's entries, oldest first, as `outcome method [+2fa]`. */
async function historyOf(email: string): Promise<string[]> {
  const account = await findAccountByEmail(db(), email);
  const result = await db().execute(
    sql`select outcome, method, second_factor from idp_sign_ins where account_id = ${account?.id ?? ''} order by at, id`,
  );
  return (
    result as unknown as { rows: { outcome: string; method: string; second_factor: boolean }[] }
  ).rows.map((r) => `${r.outcome} ${r.method}${r.second_factor ? ' +2fa' : ''}`);
}

beforeEach(async () => {
  await db().execute(sql`delete from idp_throttle`);
});

describe('one entry per sign-in attempt', () => {
  it('the password step alone is incomplete, never a success', async () => {
    const email = await newAccount(idp, 'verlauf.halb');
    await setUpApp(idp, email);
    const before = await historyOf(email);
    const step = await passwordStep(idp, email);
    expect(step.response.status).toBe(200);
    expect((await historyOf(email)).slice(before.length)).toEqual(['incomplete password']);
  });

  it('wrong codes and then the right one are one success with the app', async () => {
    const email = await newAccount(idp, 'verlauf.app');
    const { secret } = await setUpApp(idp, email);
    const before = await historyOf(email);
    const step = await passwordStep(idp, email);
    const code = (value: string) =>
      post(idp, step.browser, `${step.base}/second-factor`, {
        csrf: step.csrf,
        mode: 'totp',
        code: value,
      });
    expect((await code('000000')).response.status).toBe(401);
    expect((await historyOf(email)).slice(before.length)).toEqual([
      'failure password+authenticator',
    ]);
    expect((await code('111111')).response.status).toBe(401);
    await awayFromStepEdge();
    expect((await code(codeAt(secret, 1))).response.status).toBe(303);
    expect((await historyOf(email)).slice(before.length)).toEqual([
      'success password+authenticator +2fa',
    ]);
  });

  it('a recovery code and a passkey are named as what they are', async () => {
    const email = await newAccount(idp, 'verlauf.codes');
    const { codes } = await setUpApp(idp, email);
    const before = await historyOf(email);
    const step = await passwordStep(idp, email);
    await post(idp, step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'recovery',
      code: codes[0] ?? '',
    });
    expect((await historyOf(email)).slice(before.length)).toEqual([
      'success password+recovery-code +2fa',
    ]);

    const withPasskey = await newAccount(idp, 'verlauf.passkey');
    const { credential } = await addPasskey(idp, withPasskey);
    const start = await historyOf(withPasskey);
    const second = await passwordStep(idp, withPasskey);
    const options = await post(
      idp,
      second.browser,
      `${second.base}/second-factor/passkey-options`,
      {
        csrf: second.csrf,
      },
    );
    const done = await post(idp, second.browser, `${second.base}/second-factor/passkey`, {
      csrf: second.csrf,
      credential: passkeyAnswer(idp, credential, options.text),
    });
    expect(done.response.status).toBe(303);
    expect((await historyOf(withPasskey)).slice(start.length)).toEqual([
      'success password+passkey +2fa',
    ]);
  });
});

describe('a sign-in that has ended', () => {
  it('takes no more posts to its second step, and stays a success in the history', async () => {
    const email = await newAccount(idp, 'verlauf.danach');
    const { secret } = await setUpApp(idp, email);
    const before = await historyOf(email);
    const step = await passwordStep(idp, email);
    await awayFromStepEdge();
    const right = await post(idp, step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'totp',
      code: codeAt(secret, 1),
    });
    expect(right.response.status).toBe(303);
    // The pending cookie kept (a browser may ignore its clearing): a wrong code afterwards.
    const cookie = step.browser.cookieNames().includes('pp_idp_second_step');
    expect(cookie).toBe(false);
    step.browser.setCookie(step.pendingCookie);
    const late = await post(idp, step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode: 'totp',
      code: '000000',
    });
    expect(late.response.status).toBe(400);
    expect((await historyOf(email)).slice(before.length)).toEqual([
      'success password+authenticator +2fa',
    ]);
  });
});

describe('the second step’s language switch', () => {
  it('shows the second step again in the other language, not the sign-in page', async () => {
    const email = await newAccount(idp, 'sprache.schritt');
    await setUpApp(idp, email);
    const step = await passwordStep(idp, email);
    const link = /href="([^"]*\?lang=en)"/.exec(step.html)?.[1] ?? '';
    expect(link).not.toBe('');
    const switched = await step.browser.get(new URL(link.replace(/&amp;/g, '&'), originOf(idp)));
    const html = await switched.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Enter your code');
  });
});
