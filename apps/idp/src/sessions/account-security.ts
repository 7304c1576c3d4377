import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { endAccountState } from '../provider/adapter.ts';
import type { IdpDb } from '../db/database.ts';
import { recordEndedSessions } from './ended-sessions.ts';
import { idpAccounts, idpPayloads, idpSessionActivity } from '../db/schema.ts';
import { recentSignIns, type RecentSignIn } from './sign-in-history.ts';
import { describeUserAgent, type BrowserDescription } from './user-agent.ts';

/**
 * An account's provider sessions and sign-in history, for the portal's security page (decisions
 * 0067, 0068); the api calls these on the provider's tables, as `accountAdministration`.
 */

const SessionPayload = z.object({
  uid: z.string(),
  accountId: z.string().optional(),
  loginTs: z.number().optional(),
  authorizations: z
    .record(z.string(), z.object({ sid: z.string().optional(), grantId: z.string().optional() }))
    .optional(),
});

export interface AccountSession extends BrowserDescription {
  /** The session's `uid`: names it to the portal; never its cookie's value. */
  id: string;
  signedInAt: Date;
  lastActiveAt: Date;
  userAgent: string;
  /** The session of the token that asks (its `sid` claim names the session's `uid`). */
  current: boolean;
}

export interface AccountSignIn extends RecentSignIn, BrowserDescription {}

const live = sql`(${idpPayloads.expiresAt} is null or ${idpPayloads.expiresAt} > now())`;

async function sessionRows(db: IdpDb, accountId: string) {
  const rows = await db
    .select({ payload: idpPayloads.payload })
    .from(idpPayloads)
    .where(and(eq(idpPayloads.model, 'Session'), eq(idpPayloads.accountId, accountId), live));
  return rows.flatMap(({ payload }) => {
    const parsed = SessionPayload.safeParse(payload);
    return parsed.success && parsed.data.accountId === accountId ? [parsed.data] : [];
  });
}

/**
 * The account's live provider sessions, newest activity first; the one of the caller's token
 * (its `sid` claim, the session's `uid`) is marked as current.
 */
export async function accountSessions(
  db: IdpDb,
  accountId: string,
  currentSid: string | undefined,
): Promise<AccountSession[]> {
  const sessions = await sessionRows(db, accountId);
  if (sessions.length === 0) return [];
  const activity = await db
    .select()
    .from(idpSessionActivity)
    .where(
      inArray(
        idpSessionActivity.sessionUid,
        sessions.map((s) => s.uid),
      ),
    );
  const byUid = new Map(activity.map((row) => [row.sessionUid, row]));
  return sessions
    .map((session) => {
      const seen = byUid.get(session.uid);
      const signedInAt = session.loginTs
        ? new Date(session.loginTs * 1000)
        : (seen?.firstSeenAt ?? new Date(0));
      const userAgent = seen?.userAgent ?? '';
      return {
        id: session.uid,
        signedInAt,
        lastActiveAt: seen?.lastSeenAt ?? signedInAt,
        userAgent,
        ...describeUserAgent(userAgent),
        current: session.uid === currentSid,
      };
    })
    .sort((a, b) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
}

/**
 * Ends one of the account's sessions: the session, its grants and every code and refresh token
 * of them, and lists it as ended, so the api refuses its access tokens and its browser has to
 * sign in again. False, changing nothing, when the account has no session of that id.
 */
export async function endAccountSession(
  tx: IdpDb,
  accountId: string,
  sessionId: string,
): Promise<boolean> {
  const session = (await sessionRows(tx, accountId)).find((s) => s.uid === sessionId);
  if (!session) return false;
  const grantIds = Object.values(session.authorizations ?? {}).flatMap((a) =>
    a.grantId ? [a.grantId] : [],
  );
  if (grantIds.length > 0) {
    await tx
      .delete(idpPayloads)
      .where(
        and(
          eq(idpPayloads.accountId, accountId),
          or(
            inArray(idpPayloads.grantId, grantIds),
            and(eq(idpPayloads.model, 'Grant'), inArray(idpPayloads.id, grantIds)),
          ),
        ),
      );
  }
  await tx
    .delete(idpPayloads)
    .where(
      and(
        eq(idpPayloads.model, 'Session'),
        eq(idpPayloads.accountId, accountId),
        eq(idpPayloads.uid, sessionId),
      ),
    );
  await tx
    .delete(idpSessionActivity)
    .where(
      and(
        eq(idpSessionActivity.accountId, accountId),
        eq(idpSessionActivity.sessionUid, sessionId),
      ),
    );
  await recordEndedSessions(tx, [sessionId]);
  return true;
}

/**
 * Ends every session of the account but the one that acts, as `endAccountSession` does each,
 * and every other sign-in whose password step is done but whose browser has not come back for
 * it yet: a new second factor must leave no session that signed in without it, nor one that
 * would open after it (outside probes 3 and 4 of issue 41). The kept session is noted on the
 * account: the one password-only session that still counts (`countsForAccount`).
 */
export async function endOtherAccountSessions(
  db: IdpDb,
  accountId: string,
  kept: { sessionUid: string | undefined; interactionUid: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(idpAccounts)
      .set({ factorSessionUid: kept.sessionUid ?? null })
      .where(eq(idpAccounts.id, accountId));
    for (const session of await sessionRows(tx, accountId)) {
      if (session.uid !== kept.sessionUid) await endAccountSession(tx, accountId, session.uid);
    }
    await tx
      .delete(idpPayloads)
      .where(
        and(
          eq(idpPayloads.model, 'Interaction'),
          eq(idpPayloads.accountId, accountId),
          ne(idpPayloads.id, kept.interactionUid),
          sql`${idpPayloads.payload} -> 'result' -> 'login' is not null`,
        ),
      );
  });
}

/**
 * Ends every session of the account and everything issued in them (grants, codes, refresh
 * tokens), as a new password does; the sessions are listed as ended (`endAccountState`).
 */
export async function endAllAccountSessions(tx: IdpDb, accountId: string): Promise<void> {
  await endAccountState(tx, accountId);
  await tx.delete(idpSessionActivity).where(eq(idpSessionActivity.accountId, accountId));
}

/** The account's newest sign-ins and failed attempts with browser and system, newest first. */
export async function accountSignIns(db: IdpDb, accountId: string): Promise<AccountSignIn[]> {
  return (await recentSignIns(db, accountId)).map((entry) => ({
    ...entry,
    ...describeUserAgent(entry.userAgent),
  }));
}

/** Drops the activity of sessions that no longer exist (swept with the provider's state). */
export async function sweepSessionActivity(db: IdpDb, olderThanSeconds: number): Promise<void> {
  await db
    .delete(idpSessionActivity)
    .where(
      and(
        sql`${idpSessionActivity.lastSeenAt} < now() - make_interval(secs => ${olderThanSeconds})`,
        sql`not exists (select 1 from ${idpPayloads} where ${idpPayloads.model} = 'Session' and ${idpPayloads.uid} = ${idpSessionActivity.sessionUid})`,
      ),
    );
}
