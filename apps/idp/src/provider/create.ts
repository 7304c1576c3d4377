import Provider, { type errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { KeyMaterial } from './signing-keys.ts';
import type { ResolvedOptions } from '../options.ts';
import { trackSessionActivity } from '../sessions/session-activity.ts';
import { awaitWorkBeforeAnswer, finishBeforeAnswer } from './before-answer.ts';
import { providerConfiguration } from './config.ts';
import { listDestroyedSessions } from './ended-sessions.ts';

/**
 * A refresh token presented a second time means it leaked: oidc-provider revokes the grant, and
 * we also end the provider session it came from, so neither party can silently sign in again.
 */
function endSessionOnReuse(provider: Provider, options: ResolvedOptions) {
  provider.on('grant.revoked', (ctx: KoaContextWithOIDC) => {
    const token = ctx.oidc.entities.RefreshToken;
    if (ctx.oidc.route !== 'token' || !token?.consumed || !token.sessionUid) return;
    const sessionUid = token.sessionUid;
    finishBeforeAnswer(
      ctx,
      (async () => {
        const session = await provider.Session.findByUid(sessionUid);
        await session?.destroy();
        options.logger.warn(
          { accountId: token.accountId, clientId: token.clientId },
          'refresh token reused: grant revoked and provider session ended',
        );
      })().catch((error: unknown) =>
        options.logger.error({ err: error }, 'ending the session after token reuse failed'),
      ),
    );
  });
}

function logEvents(provider: Provider, options: ResolvedOptions) {
  const { logger } = options;
  provider.on('server_error', (_ctx, error) =>
    logger.error({ err: error }, 'identity provider error'),
  );
  const refused = (ctx: KoaContextWithOIDC, error: errors.OIDCProviderError) =>
    logger.info(
      { route: ctx.oidc?.route, error: error.error, description: error.error_description },
      'identity request refused',
    );
  provider.on('authorization.error', refused);
  provider.on('grant.error', refused);
  provider.on('end_session.error', refused);
}

/** One provider instance for one set of keys; a key change builds the next instance. */
export function createProvider(options: ResolvedOptions, keys: KeyMaterial): Provider {
  const provider = new Provider(options.issuer, providerConfiguration(options, keys));
  // The raw request carries Fastify's trustProxy decision only (app/forwarded-headers.ts).
  provider.proxy = true;
  awaitWorkBeforeAnswer(provider);
  endSessionOnReuse(provider, options);
  listDestroyedSessions(provider, options);
  trackSessionActivity(provider, options);
  logEvents(provider, options);
  return provider;
}
