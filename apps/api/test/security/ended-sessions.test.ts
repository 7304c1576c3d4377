import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpSchema } from '@pp/idp';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { expectSessionEnded } from '../support/ended-session.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { startApiOn, type ApiOnProvider } from '../identity/support/api.ts';
import { useEmbeddedProvider } from '../identity/support/provider.ts';
import { signIn } from '../identity/support/sign-in.ts';

/**
 * An access token whose provider session has ended is refused within seconds, on every instance
 * (docs/product.md §2): the embedded provider lists the session, the api looks its `sid` up.
 */
const PASSWORD = 'Demo-Portal-2026';
const SESSION = 'sitzung-beendet-0123456';

describe('two api instances on one database', () => {
  const provider = useEmbeddedProvider();
  let second: Database;
  const instances: ApiOnProvider[] = [];
  beforeAll(async () => {
    const { url } = provider.database;
    // On the server the second instance has its own connection pool, as a second process
    // would; an embedded folder belongs to one process, so on PGlite both share the database.
    second = url
      ? await openDatabase({ kind: 'server', url, poolSize: 2 })
      : provider.database.database;
    instances.push(await startApiOn(provider), await startApiOn(provider, second));
  });
  afterAll(async () => {
    await Promise.all(instances.map(({ app }) => app.close()));
    if (second !== provider.database?.database) await second?.close();
  });

  it('a session ended through one instance is refused by the other within seconds', async () => {
    const [one, other] = instances;
    const here = await signIn(provider, demo.anna, PASSWORD);
    const there = await signIn(provider, demo.anna, PASSWORD);
    const token = there.access_token;
    // Verified and cached by both instances before the end.
    for (const instance of [one!, other!]) {
      expect((await instance.client.customer.getCustomerData({ token })).statusCode).toBe(200);
    }
    const ended = await one!.client.security.endAllSessions({ token: here.access_token });
    expect(ended.statusCode).toBe(200);
    for (const instance of [other!, one!]) {
      await expectSessionEnded(() =>
        instance.client.customer.updateCustomerData({ token, body: { phone: '+49 30 1234567' } }),
      );
    }
  });
});

describe('access tokens and the list of ended sessions', () => {
  const api = useApi({ embeddedProvider: true });
  const endSession = (sessionUid: string) =>
    api.db.database.db.insert(idpSchema.idpEndedSessions).values({ sessionUid });

  it('refuses a token of an ended session with 401 session_ended, one verified before too', async () => {
    const token = await api.issuer.tokenFor(demo.clara, { extra: { sid: SESSION } });
    expect((await api.client.customer.getCustomerData({ token })).statusCode).toBe(200);
    await endSession(SESSION);
    await expectSessionEnded(() => api.client.customer.getCustomerData({ token }));
    const fresh = await api.issuer.tokenFor(demo.clara, { extra: { sid: SESSION } });
    expectProblem(
      await api.client.customer.getCustomerData({ token: fresh }),
      401,
      'session_ended',
    );
  });

  it('accepts a token of another session, and one without `sid` as before', async () => {
    await endSession('eine-andere-sitzung-0001');
    const other = await api.issuer.tokenFor(demo.ben, { extra: { sid: 'noch-aktiv-00000001' } });
    expect((await api.client.customer.getCustomerData({ token: other })).statusCode).toBe(200);
    const without = await api.issuer.tokenFor(demo.ben);
    expect((await api.client.customer.getCustomerData({ token: without })).statusCode).toBe(200);
  });
});

describe('with an external provider', () => {
  const api = useApi();

  it('does not look at a token’s `sid`: only the embedded provider lists its ended sessions', async () => {
    await api.db.database.db
      .insert(idpSchema.idpEndedSessions)
      .values({ sessionUid: 'extern-00000000001' });
    const token = await api.issuer.tokenFor(demo.anna, { extra: { sid: 'extern-00000000001' } });
    expect((await api.client.customer.getCustomerData({ token })).statusCode).toBe(200);
  });
});
