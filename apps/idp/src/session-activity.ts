import { sql } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import type { IdpDb } from './db/database.ts';
import { idpSessionActivity } from './db/schema.ts';
import type { ResolvedOptions } from './options.ts';
import { keptUserAgent } from './user-agent.ts';

const AccountId = z.uuid();

/** Notes that a provider session was used now, from this user agent (decision 0068). */
export async function touchSession(
  db: IdpDb,
  session: { uid: string; accountId: string; userAgent: string },
): Promise<void> {
  if (!AccountId.safeParse(session.accountId).success || session.uid.length > 200) return;
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
  ) => {
    if (!uid || !accountId) return;
    const userAgent = keptUserAgent(ctx.get('user-agent'));
    pendingWork.set(
      ctx,
      touchSession(options.db, { uid, accountId, userAgent }).catch((error: unknown) =>
        options.logger.error({ err: error }, 'noting the session activity failed'),
      ),
    );
  };
  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    const session = ctx.oidc.session;
    note(ctx, session?.uid, session?.accountId);
  });
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const token = ctx.oidc.entities.AccessToken ?? ctx.oidc.entities.RefreshToken;
    note(ctx, token?.sessionUid, token?.accountId);
  });
  provider.use(async (ctx, next) => {
    await next();
    await pendingWork.get(ctx);
  });
}
