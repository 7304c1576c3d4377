import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@pp/database/testing';
import { createAccount } from '../src/accounts/accounts.ts';
import { idpAccounts, idpGeneratedKeys, idpTotp } from '../src/db/schema.ts';
import { decryptSecret, secondFactorKeys } from '../src/second-factor/keys.ts';
import { replaceRecoveryCodes, startTotpSetup } from '../src/second-factor/store.ts';
import { createIdpTestDatabase, startIdp, type RunningIdp } from './support/provider.ts';
import * as steps from './support/sign-in-steps.ts';

/** The fixed key that encrypted the secrets outside production before issue 41: public. */
const OLD_DEVELOPMENT_KEY = createHash('sha256')
  .update('practice-portal development TOTP encryption key (never for production)')
  .digest();

// Issue 41, finding 9: without TOTP_ENCRYPTION_KEY a key generated for the database encrypts.
describe('the authenticator secrets’ key without TOTP_ENCRYPTION_KEY', () => {
  let database: TestDatabase;
  let instances: RunningIdp[] = [];
  beforeAll(async () => {
    database = await createIdpTestDatabase();
    // Started at the same moment, as instances behind a load balancer are.
    instances = await Promise.all([1, 2].map(() => startIdp(database.database.db)));
  });
  afterAll(async () => {
    await Promise.all(instances.map((running) => running.close()));
    await database?.drop();
  });
  const db = () => database.database.db;
  const on = (running: RunningIdp) => ({ database, running });

  /** The password step on `running`, then `code` in `mode`: the second step's status. */
  async function secondStep(running: RunningIdp, email: string, mode: string, code: string) {
    const step = await steps.passwordStep(on(running), email);
    expect(step.response.status).toBe(200);
    const answer = await steps.post(on(running), step.browser, `${step.base}/second-factor`, {
      csrf: step.csrf,
      mode,
      code,
    });
    return answer.response.status;
  }

  it('is generated once per database: an app set up on one instance works on the other', async () => {
    const [first, second] = instances;
    const email = await steps.newAccount(on(first!), 'schluessel');
    const { secret } = await steps.setUpApp(on(first!), email);
    await steps.awayFromStepEdge();
    expect(await secondStep(second!, email, 'totp', steps.codeAt(secret, 1))).toBe(303);

    expect(await db().select().from(idpGeneratedKeys)).toHaveLength(1);
    const [stored] = await db()
      .select({ accountId: idpTotp.accountId, ciphertext: idpTotp.secretCiphertext })
      .from(idpTotp)
      .innerJoin(idpAccounts, eq(idpAccounts.id, idpTotp.accountId))
      .where(eq(idpAccounts.email, email));
    const old = secondFactorKeys(OLD_DEVELOPMENT_KEY);
    expect(() => decryptSecret(old, stored!.accountId, stored!.ciphertext)).toThrow();
  });

  /** An account whose app and recovery codes an earlier version stored under the old key. */
  async function setUpUnderOldKey(prefix: string) {
    const email = `${prefix}.${Date.now()}@example.com`;
    const account = await createAccount(db(), {
      email,
      password: steps.PASSWORD,
      emailVerified: true,
    });
    const old = secondFactorKeys(OLD_DEVELOPMENT_KEY);
    const setup = await startTotpSetup(db(), old, account, 'http://localhost');
    await db()
      .update(idpTotp)
      .set({ confirmedAt: sql`now()` })
      .where(eq(idpTotp.accountId, account.id));
    const codes = await replaceRecoveryCodes(db(), old, account.id);
    return { email, secret: setup!.secret, codes };
  }

  it('reads what the old development key stored only where told to (outside production)', async () => {
    const outsideProduction = await startIdp(db(), { readsOldDevelopmentKey: true });
    try {
      const kept = await setUpUnderOldKey('alt');
      await steps.awayFromStepEdge();
      expect(
        await secondStep(outsideProduction, kept.email, 'totp', steps.codeAt(kept.secret)),
      ).toBe(303);
      expect(await secondStep(outsideProduction, kept.email, 'recovery', kept.codes[0]!)).toBe(303);

      // Elsewhere (production) such a secret is unreadable, as under any other key (decision
      // 0066): its code signs nobody in, and the provider logs the failure.
      const production = instances[0]!;
      const refused = await setUpUnderOldKey('alt.produktion');
      await steps.awayFromStepEdge();
      const code = steps.codeAt(refused.secret);
      expect(await secondStep(production, refused.email, 'totp', code)).not.toBe(303);
      expect(production.logger.entries.map((entry) => entry.level)).toContain('error');
      expect(await secondStep(production, refused.email, 'recovery', refused.codes[0]!)).toBe(401);
    } finally {
      await outsideProduction.close();
    }
  });
});
