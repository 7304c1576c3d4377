import { createCipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, findAccountByEmail, idpSchema } from '@pp/idp';
import { normalizeHtml } from '@pp/testing';
import { buildApp } from '../../src/app.ts';
import { createApiClient, type ApiClient } from '../support/client.ts';
import { demo } from '../support/demo.ts';
import { createCustomer, uniqueEmail } from '../support/factories.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { openSignIn, redeemCode, signIn } from './support/sign-in.ts';

const DEMO_PASSWORD = 'Demo-Portal-2026';
const RECOVERY_CODE = 'abcde-fghij';

/**
 * What an earlier version stored for an authenticator app outside production, under its fixed
 * development key (decisions 0065, 0066): the secret's `v1.` ciphertext, a recovery code's HMAC.
 */
const OLD_DEVELOPMENT_KEY = createHash('sha256')
  .update('practice-portal development TOTP encryption key (never for production)')
  .digest();
const oldKey = (label: string) =>
  Buffer.from(
    hkdfSync('sha256', OLD_DEVELOPMENT_KEY, Buffer.alloc(0), `practice-portal ${label}`, 32),
  );

function oldCiphertext(accountId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', oldKey('totp-secret-v1'), iv);
  cipher.setAAD(Buffer.from(accountId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Gives the account an app and one recovery code as the earlier version stored them. */
async function appUnderOldKey(db: Parameters<typeof findAccountByEmail>[0], accountId: string) {
  const secret = new Secret({ size: 20 }).base32;
  await db.insert(idpSchema.idpTotp).values({
    accountId,
    secretCiphertext: oldCiphertext(accountId, secret),
    confirmedAt: new Date(),
  });
  await db.insert(idpSchema.idpRecoveryCodes).values({
    accountId,
    codeHash: createHmac('sha256', oldKey('recovery-code-v1'))
      .update(`${accountId}:${RECOVERY_CODE}`)
      .digest('base64url'),
  });
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
}

// Issue 41, finding 9: the key is generated per database now; what the old one stored still works
// outside production (existing development databases, e.g. a demo user's app).
describe('authenticator apps stored under the old development key (not production)', () => {
  const provider = useEmbeddedProvider();
  let app: FastifyInstance;
  let client: ApiClient;
  beforeAll(async () => {
    const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    app = await buildApp({
      config: provider.config,
      database: provider.database.database,
      logStream,
    });
    await app.ready();
    client = createApiClient(app);
  });
  afterAll(() => app?.close());
  const db = () => provider.database.database.db;

  it('sign a demo user in with the app’s code, while new secrets get the generated key', async () => {
    expect(await db().select().from(idpSchema.idpGeneratedKeys)).toHaveLength(1);
    const account = await findAccountByEmail(db(), demo.clara);
    const totp = await appUnderOldKey(db(), account!.id);
    const browser = provider.browser();
    const page = await openSignIn(provider, browser);
    const fields = { csrf: page.csrf, email: demo.clara, password: DEMO_PASSWORD };
    const step = await browser.postForm(page.action, fields, provider.issuer);
    const stepPage = normalizeHtml(await step.text());
    expect(stepPage).toContain('autocomplete="one-time-code"');
    // Not within two seconds of a step's end, so the code's step is the provider's.
    if ((Date.now() / 1000) % 30 > 27) await sleep(4_000);
    const base = page.action.pathname.replace(/\/login$/, '');
    const signedIn = await browser.postForm(
      new URL(`${base}/second-factor`, provider.issuer),
      { csrf: page.csrf, mode: 'totp', code: totp.generate() },
      provider.issuer,
    );
    expect(signedIn.status).toBe(303);
    const { url } = await browser.follow(
      new URL(signedIn.headers.get('location') ?? '', provider.issuer),
      provider.issuer,
    );
    const tokens = await redeemCode(provider, url.searchParams.get('code') ?? '', page.verifier);
    expect(tokens.access_token).toBeTruthy();
  });

  it('confirm the owner with a recovery code before the account is deleted', async () => {
    const email = uniqueEmail('altschluessel');
    const password = 'Alter-Schluessel-2026';
    const account = await createAccount(db(), { email, password, emailVerified: true });
    await createCustomer(db(), { email });
    const tokens = await signIn(provider, email, password);
    await appUnderOldKey(db(), account.id);
    const answer = await client.customer.deleteAccount({
      token: tokens.access_token,
      body: { password, code: RECOVERY_CODE },
    });
    expect(answer.statusCode).toBe(200);
  });
});
