import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { endAccountState } from '../src/provider/adapter.ts';
import { findAccountByEmail } from '../src/accounts/accounts.ts';
import { idpEndedSessions } from '../src/db/schema.ts';
import { recordEndedSessions } from '../src/sessions/ended-sessions.ts';
import { signIn } from './support/oauth.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, useIdp } from './support/provider.ts';

const idp = useIdp();
const db = () => idp.database.database.db;
const sidOf = (accessToken: string) => String(decodeJwt(accessToken)['sid']);
const listed = async () =>
  (await db().select().from(idpEndedSessions)).map(({ sessionUid }) => sessionUid);

/** The api refuses an access token whose session is listed as ended (docs/product.md §2). */
describe('ended sessions', () => {
  it('ending an account’s state (a new password, a deleted account) lists each of its sessions', async () => {
    const first = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const second = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const other = await signIn(idp.running.issuer, 'anna.sommer@example.com', DEMO_PASSWORD);
    const account = await findAccountByEmail(db(), DEMO_EMAIL);
    await db().transaction((tx) => endAccountState(tx, account?.id ?? ''));
    const ended = await listed();
    expect(ended).toEqual(
      expect.arrayContaining([sidOf(first.access_token), sidOf(second.access_token)]),
    );
    expect(ended).not.toContain(sidOf(other.access_token));
  });

  it('stay listed while a token of theirs may be valid, and are swept after', async () => {
    await recordEndedSessions(db(), ['recent-session', 'old-session', 'old-session']);
    const endedAgo = (uid: string, minutes: number) =>
      db()
        .update(idpEndedSessions)
        .set({ endedAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(idpEndedSessions.sessionUid, uid));
    // A token issued at the end lives 10 minutes, accepted a minute past its expiry.
    await endedAgo('recent-session', 11);
    await endedAgo('old-session', 13);
    await idp.running.idp.sweep();
    const left = await listed();
    expect(left).toContain('recent-session');
    expect(left).not.toContain('old-session');
  });
});
