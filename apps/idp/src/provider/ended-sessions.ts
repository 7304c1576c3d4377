import Provider from 'oidc-provider';
import { recordEndedSessions } from '../sessions/ended-sessions.ts';
import type { ResolvedOptions } from '../options.ts';
import { finishBeforeAnswer } from './before-answer.ts';

/**
 * A session oidc-provider destroys (the portal's sign-out at `end_session`, a reused refresh
 * token) is listed as ended before the request answers, so the api refuses its access tokens
 * from then on. Not its other ways of replacing a session's id: the session lives on under
 * the same `uid` there.
 */
export function listDestroyedSessions(provider: Provider, options: ResolvedOptions): void {
  provider.on('session.destroyed', (session) => {
    const work = recordEndedSessions(options.db, [session.uid]).catch((error: unknown) =>
      options.logger.error({ err: error }, 'an ended session was not listed'),
    );
    const ctx = Provider.ctx;
    if (ctx) finishBeforeAnswer(ctx, work);
  });
}
