import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonalDataExportSchema } from '@pp/contract';
import { findAccountByEmail, idpSchema } from '@pp/idp';
import { buildApp } from '../../src/app.ts';
import { createApiClient, type ApiClient } from '../support/client.ts';
import { demo } from '../support/demo.ts';
import { useEmbeddedProvider } from '../identity/support/provider.ts';
import { signIn } from '../identity/support/sign-in.ts';

const PASSWORD = 'Demo-Portal-2026';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
// What the provider keeps secret: none of it may reach an export (decision 0079).
const SECRETS = {
  totp: 'v1.c2VjcmV0LWl2.c2VjcmV0LWNpcGhlcnRleHQ.c2VjcmV0LXRhZw',
  recoveryHash: 'recovery-code-hash-0123456789abcdef',
  publicKey: 'passkey-public-key-pQECAyYgASFYIM',
  credentialId: 'passkey-credential-id-Zm9vYmFy',
};

/**
 * The provider's part of the export on the embedded provider's real tables: sessions, sign-ins,
 * the authenticator app and passkey names, and none of their secrets.
 */
describe('Customer/ExportPersonalData with the embedded provider', () => {
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

  it("holds the person's sessions, sign-ins, app and passkey names, and no secret", async () => {
    const browser = provider.browser();
    Object.assign(browser.extraHeaders, { 'user-agent': FIREFOX });
    const tokens = await signIn(provider, demo.clara, PASSWORD, browser);
    const db = provider.database.database.db;
    const account = await findAccountByEmail(db, demo.clara);
    if (!account) throw new Error('the demo account is missing');
    await db.insert(idpSchema.idpTotp).values({
      accountId: account.id,
      secretCiphertext: SECRETS.totp,
      confirmedAt: new Date(),
    });
    await db.insert(idpSchema.idpRecoveryCodes).values({
      accountId: account.id,
      codeHash: SECRETS.recoveryHash,
    });
    await db.insert(idpSchema.idpPasskeys).values({
      accountId: account.id,
      credentialId: SECRETS.credentialId,
      publicKey: SECRETS.publicKey,
      deviceType: 'multiDevice',
      name: 'Büro-Laptop',
    });

    const answer = await client.customer.exportPersonalData({ token: tokens.access_token });
    expect(answer.statusCode).toBe(200);
    const { signIn: part } = PersonalDataExportSchema.parse(answer.json());
    expect(part).toMatchObject({
      managedByProvider: false,
      recoveryCodesLeft: 1,
      passkeys: [expect.objectContaining({ name: 'Büro-Laptop' })],
    });
    expect(part.authenticatorAppSince).not.toBeNull();
    expect(part.sessions).toContainEqual(
      expect.objectContaining({ browser: 'Firefox 128', system: 'Windows 10' }),
    );
    expect(part.signIns).toContainEqual(
      expect.objectContaining({ outcome: 'success', method: 'password', browser: 'Firefox 128' }),
    );
    for (const secret of [...Object.values(SECRETS), account.passwordHash, account.id]) {
      expect(answer.body).not.toContain(secret);
    }
  });
});
