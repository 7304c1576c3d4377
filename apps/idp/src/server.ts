import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { sweepPayloads } from './adapter.ts';
import { setSecurityHeaders } from './http/headers.ts';
import { sendHtml } from './http/request.ts';
import { handleInteraction, type InteractionDeps } from './interaction/routes.ts';
import { ensureKeys, loadKeys, rotateSigningKeyInDb } from './keys.ts';
import { LIFETIMES } from './lifetimes.ts';
import type { IdentityProviderOptions, ResolvedOptions } from './options.ts';
import {
  SIGN_OUT_SCRIPT,
  SIGN_OUT_SCRIPT_PATH,
  STYLESHEET,
  STYLESHEET_PATH,
} from './pages/assets.ts';
import { createProvider } from './provider/create.ts';
import { DEFAULT_THROTTLE, sweepThrottle } from './throttle.ts';

export interface IdentityProvider {
  issuer: string;
  /** The request handler, for tests or to mount on another server. */
  handler: RequestListener;
  /** Serves the provider on `port` (default: the issuer's port); `host` default: all interfaces. */
  listen(port?: number, host?: string): Promise<void>;
  close(): Promise<void>;
  /** A new key signs from now on; the previous one stays published until its tokens expired. */
  rotateSigningKey(): Promise<string>;
  /** Re-reads the keys (done periodically); true when they changed. */
  reloadKeys(): Promise<boolean>;
  /** Deletes expired provider state and throttle counters (done periodically). */
  sweep(): Promise<void>;
}

const INTERACTION_ROUTE = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|abort))?$/;

function resolveOptions(input: IdentityProviderOptions): ResolvedOptions {
  const issuer = new URL(input.issuer);
  if (issuer.pathname !== '/' || issuer.search || issuer.hash) {
    throw new Error('the identity provider issuer must be an origin without a path');
  }
  return {
    ...input,
    issuer: issuer.origin,
    client: { ...input.client, webOrigin: new URL(input.client.webOrigin).origin },
    links: { imprintUrl: input.imprintUrl, privacyUrl: input.privacyUrl },
    portalUrl: `${new URL(input.client.webOrigin).origin}/`,
    throttle: input.throttle ?? DEFAULT_THROTTLE,
  };
}

/**
 * The embedded OpenID provider (oidc-provider) with our sign-in pages, its state and keys in the
 * database. Keys are created on first start; several instances may share one database.
 */
export async function createIdentityProvider(
  input: IdentityProviderOptions,
): Promise<IdentityProvider> {
  const options = resolveOptions(input);
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

  const deps: InteractionDeps = { options, provider: () => provider, secrets: () => keys.cookie };

  function route(req: IncomingMessage, res: ServerResponse): void {
    setSecurityHeaders(res, options.client.webOrigin);
    const path = new URL(req.url ?? '/', options.issuer).pathname;
    const method = req.method ?? 'GET';
    if (path === STYLESHEET_PATH && (method === 'GET' || method === 'HEAD')) {
      res.writeHead(200, {
        'content-type': 'text/css; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      res.end(method === 'HEAD' ? undefined : STYLESHEET);
      return;
    }
    if (path === '/favicon.ico') {
      // Browsers ask for it on every page; no icon, and no 404 in their console.
      res.writeHead(204, { 'cache-control': 'public, max-age=86400' });
      res.end();
      return;
    }
    if (path === SIGN_OUT_SCRIPT_PATH && (method === 'GET' || method === 'HEAD')) {
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      res.end(method === 'HEAD' ? undefined : SIGN_OUT_SCRIPT);
      return;
    }
    const match = INTERACTION_ROUTE.exec(path);
    if (match?.[1]) {
      const action = match[2] === 'login' || match[2] === 'abort' ? match[2] : 'show';
      if (method !== (action === 'show' ? 'GET' : 'POST')) {
        sendHtml(res, 405, '', { allow: action === 'show' ? 'GET' : 'POST' });
        return;
      }
      void handleInteraction(deps, req, res, match[1], action);
      return;
    }
    providerCallback(req, res);
  }

  async function sweep(): Promise<void> {
    await sweepPayloads(db, LIFETIMES.clockTolerance);
    await sweepThrottle(db, options.throttle);
  }

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
  let server: Server | undefined;

  return {
    issuer: options.issuer,
    handler: route,
    async listen(port = Number(new URL(options.issuer).port || 80), host?: string) {
      const listening = createServer(route);
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => resolve());
      });
      server = listening;
    },
    async close() {
      timers.forEach(clearInterval);
      const closing = server;
      server = undefined;
      if (!closing) return;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
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
