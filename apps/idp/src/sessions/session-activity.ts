import { eq, sql } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import type { IdpDb } from '../db/database.ts';
import { idpSessionActivity } from '../db/schema.ts';
import type { ResolvedOptions } from '../options.ts';
import { keptUserAgent } from './user-agent.ts';

const AccountId = z.uuid();

/**
 * Notes that a provider session was used now (decision 0068). The browser's own requests (the
 * authorization) name its user agent; a token request only says when.
 */
export async function touchSession(
  db: IdpDb,
  session: { uid: string; accountId: string; userAgent: string | undefined },
): Promise<void> {
  if (!AccountId.safeParse(session.accountId).success || session.uid.length > 200) return;
  if (session.userAgent === undefined) {
    await db
      .update(idpSessionActivity)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(idpSessionActivity.sessionUid, session.uid));
    return;
  }
  await db
    .insert(idpSessionActivity)
    .values({ sessionUid: session.uid, accountId: session.accountId, userAgent: session.userAgent })
    .onConflictDoUpdate({
      target: idpSessionActivity.sessionUid,
      set: { lastSeenAt: sql`now()`, userAgent: sql`excluded.user_agent` },
    });
}

/** Work a request must finish before its response is sent, so the next request sees it. */
const pendingWork = new WeakMap<object, Promise<void>>();

/**
 * Keeps each provider session's last activity and browser: a finished authorization (a sign-in,
 * a silent renewal) names its session, a token answer (code or refresh) the session its token
 * belongs to.
 */
export function trackSessionActivity(provider: Provider, options: ResolvedOptions): void {
  const note = (
    ctx: KoaContextWithOIDC,
    uid: string | undefined,
    accountId: string | undefined,
    fromBrowser: boolean,
  ) => {
    if (!uid || !accountId) return;
    const userAgent = fromBrowser ? keptUserAgent(ctx.get('user-agent')) : undefined;
    pendingWork.set(
      ctx,
      touchSession(options.db, { uid, accountId, userAgent }).catch((error: unknown) =>
        options.logger.error({ err: error }, 'noting the session activity failed'),
      ),
    );
  };
  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    const session = ctx.oidc.session;
    note(ctx, session?.uid, session?.accountId, true);
  });
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const token = ctx.oidc.entities.AccessToken ?? ctx.oidc.entities.RefreshToken;
    note(ctx, token?.sessionUid, token?.accountId, false);
  });
  provider.use(async (ctx, next) => {
    await next();
    await pendingWork.get(ctx);
  });
}
