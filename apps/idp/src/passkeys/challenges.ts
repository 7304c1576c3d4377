import { and, eq, lt, sql } from 'drizzle-orm';
import type { IdpDb } from '../db/database.ts';
import { idpPasskeyChallenges, type PasskeyCeremony } from '../db/schema.ts';

/** How long a ceremony's challenge stays valid (the browser's own timeout is shorter). */
export const CHALLENGE_SECONDS = 5 * 60;

/**
 * Keeps the challenge of a ceremony shown in this interaction (decision 0072), replacing one
 * shown before; expired challenges of any interaction go at the same time.
 */
export async function keepChallenge(
  db: IdpDb,
  entry: {
    interactionUid: string;
    ceremony: PasskeyCeremony;
    challenge: string;
    accountId?: string | undefined;
  },
): Promise<void> {
  await db.delete(idpPasskeyChallenges).where(lt(idpPasskeyChallenges.expiresAt, sql`now()`));
  const values = {
    interactionUid: entry.interactionUid,
    ceremony: entry.ceremony,
    challenge: entry.challenge,
    accountId: entry.accountId ?? null,
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
  };
  await db
    .insert(idpPasskeyChallenges)
    .values(values)
    .onConflictDoUpdate({
      target: [idpPasskeyChallenges.interactionUid, idpPasskeyChallenges.ceremony],
      set: {
        challenge: values.challenge,
        accountId: values.accountId,
        expiresAt: values.expiresAt,
      },
    });
}

/**
 * The interaction's challenge for the ceremony, taken (deleted) so it is used once; undefined
 * when there is none or it has expired.
 */
export async function takeChallenge(
  db: IdpDb,
  interactionUid: string,
  ceremony: PasskeyCeremony,
): Promise<{ challenge: string; accountId: string | null } | undefined> {
  const [row] = await db
    .delete(idpPasskeyChallenges)
    .where(
      and(
        eq(idpPasskeyChallenges.interactionUid, interactionUid),
        eq(idpPasskeyChallenges.ceremony, ceremony),
      ),
    )
    .returning({
      challenge: idpPasskeyChallenges.challenge,
      accountId: idpPasskeyChallenges.accountId,
      expiresAt: idpPasskeyChallenges.expiresAt,
    });
  if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
  return { challenge: row.challenge, accountId: row.accountId };
}
