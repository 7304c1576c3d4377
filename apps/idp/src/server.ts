import { sweepAccountTokens } from './accounts/account-tokens.ts';
import { sweepUnconfirmedAccounts } from './accounts/accounts.ts';
import { sweepSessionActivity } from './sessions/account-security.ts';
import { sweepPayloads } from './provider/adapter.ts';
import { sweepEndedSessions } from './sessions/ended-sessions.ts';
import { buildApp } from './app/build-app.ts';
import { ensureKeys, loadKeys, rotateSigningKeyInDb } from './provider/signing-keys.ts';
import { LIFETIMES } from './lifetimes.ts';
import { resolveOptions, type IdentityProviderOptions } from './options.ts';
import { secondFactorKeysOf } from './second-factor/key-source.ts';
import { createProvider } from './provider/create.ts';
import { sweepThrottle } from './sessions/throttle.ts';

export interface IdentityProvider {
  issuer: string;
  /** Serves the provider on `port` (default: the issuer's port); `host` default: every IPv4 interface. */
  listen(port?: number, host?: string): Promise<void>;
  close(): Promise<void>;
  /** A new key signs from now on; the previous one stays published until its tokens expired. */
  rotateSigningKey(): Promise<string>;
  /** Re-reads the keys (done periodically); true when they changed. */
  reloadKeys(): Promise<boolean>;
  /** Deletes expired provider state, throttle counters and links (done periodically). */
  sweep(): Promise<void>;
}

/**
 * The embedded OpenID provider (oidc-provider) with our sign-in pages, its state and keys in the
 * database. Keys are created on first start; several instances may share one database.
 */
export async function createIdentityProvider(
  input: IdentityProviderOptions,
): Promise<IdentityProvider> {
  const options = resolveOptions(input, await secondFactorKeysOf(input.db, input));
  const { db, logger } = options;
  await ensureKeys(db);
  let keys = await loadKeys(db, LIFETIMES.retiredKeyRetention);
  let provider = createProvider(options, keys);
  let providerCallback = provider.callback();

  async function reloadKeys(): Promise<boolean> {
    const next = await loadKeys(db, LIFETIMES.retiredKeyRetention);
    if (next.fingerprint === keys.fingerprint) return false;
    keys = next;
    provider = createProvider(options, keys);
    providerCallback = provider.callback();
    logger.info({ signingKeys: keys.signing.map((k) => k.kid) }, 'identity provider keys loaded');
    return true;
  }

  async function sweep(): Promise<void> {
    await sweepPayloads(db, LIFETIMES.clockTolerance);
    await sweepThrottle(db, options.throttle);
    await sweepUnconfirmedAccounts(db);
    await sweepAccountTokens(db);
    await sweepSessionActivity(db, LIFETIMES.session);
    await sweepEndedSessions(db);
  }

  const app = await buildApp({
    options,
    provider: () => provider,
    providerCallback: () => providerCallback,
    secrets: () => keys.cookie,
  });

  const every = (seconds: number, task: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => {
      task().catch((error: unknown) => logger.warn({ err: error }, `${what} failed`));
    }, seconds * 1000);
    timer.unref();
    return timer;
  };
  const timers = [
    every(options.keyRefreshSeconds ?? 60, reloadKeys, 'reloading the identity provider keys'),
    every(options.sweepSeconds ?? 10 * 60, sweep, 'sweeping expired identity provider state'),
  ];
  let closing: Promise<void> | undefined;

  return {
    issuer: options.issuer,
    async listen(port = Number(new URL(options.issuer).port || 80), host = '0.0.0.0') {
      await app.listen({ port, host });
    },
    close() {
      timers.forEach(clearInterval);
      closing ??= (async () => {
        await app.close();
      })();
      return closing;
    },
    async rotateSigningKey() {
      const kid = await rotateSigningKeyInDb(db);
      await reloadKeys();
      return kid;
    },
    reloadKeys,
    sweep,
  };
}
