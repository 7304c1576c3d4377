import { isIP } from 'node:net';
import { z } from 'zod';
import type { Env } from './environment.ts';
import { origin, port, wholeNumber, type SettingsArea } from './setting.ts';

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  return TRUST_PROXY_NAMES.has(address) || isIP(address) !== 0;
}
/**
 * Which proxies' `X-Forwarded-*` headers count (Fastify's `trustProxy`): `false`; a number of
 * proxy hops in front of the portal (`true` is one: the proxy the connection comes from), so
 * the client is the address the last of them saw, never an entry a client put in front; or the
 * proxies' addresses and CIDR ranges.
 */
const trustProxy = z
  .string()
  .refine(
    (value) =>
      ['true', 'false'].includes(value) ||
      /^[1-9]$/.test(value) ||
      value.split(',').every((entry) => isProxyAddress(entry.trim())),
    {
      error:
        'must be true, false, a number of proxy hops from 1 to 9, or a comma-separated list of addresses or CIDR ranges',
    },
  )
  .transform((value): false | number | string => {
    if (value === 'false') return false;
    if (value === 'true') return 1;
    return /^[1-9]$/.test(value) ? Number(value) : value;
  });

export const serverSettings = {
  NODE_ENV: {
    schema: z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('development'),
    default: '`development`',
    description:
      '`development`, `production` or `test`. Set `production` in every real deployment: it refuses to start with demo data, test endpoints or the development mailbox, and needs `NEWSLETTER_LINK_KEY` (and `TOTP_ENCRYPTION_KEY` with the embedded provider).',
  },
  PORT: {
    schema: port(3000),
    default: '`3000`',
    description: 'Port of the portal: the web app and the api.',
  },
  MANAGEMENT_PORT: {
    schema: port(9000),
    default: '`9000`',
    description:
      'Port of the management interface, as Keycloak has one: Prometheus metrics (`/metrics`) and the health checks (`/health/live`, `/health/ready`, `/health/started`), on the same host as the portal and never on its public port. Keep it behind your firewall: forward only `PORT` ([docs/operations.md](operations.md)).',
  },
  PUBLIC_URL: {
    schema: origin.optional(),
    default: '`http://localhost:$PORT`',
    description:
      "The address users open, an origin without a path. It names the api's audience and the links in mails, and only a loopback address allows the development features; set it in every deployment.",
  },
  TRUST_PROXY: {
    schema: trustProxy.default(false),
    default: '`false`',
    description:
      'The proxies whose `X-Forwarded-*` headers count, for the api and the embedded provider alike: a number of proxy hops in front of the portal (`true` = 1), or their addresses and CIDR ranges. The client is the address the outermost trusted proxy saw ([docs/operations.md](operations.md)).',
  },
  REQUEST_TIMEOUT_SECONDS: {
    schema: wholeNumber(1, 600, 'must be a whole number of seconds from 1 to 600').default(30),
    default: '`30`',
    description:
      "A request's headers and body must arrive within this many seconds (headers within 10); a stalled one is answered `408` and its connection closed. Idle kept-alive connections close after 72 s.",
  },
  LOG_LEVEL: {
    schema: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
    default: '`info`',
    description:
      'How much the log says: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs never hold tokens, passwords, secrets of links or e-mail addresses.',
  },
};

export const serverArea: SettingsArea = {
  title: 'Server',
  about: 'Where the portal listens and how it treats requests.',
  settings: serverSettings,
};

export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** The management port: metrics and health, on `listenHost` as well. */
  managementPort: number;
  /** Where the api listens: the loopback host of PUBLIC_URL, else every IPv4 interface. */
  listenHost: string;
  publicUrl: URL;
  /** Whether PUBLIC_URL points at this machine (localhost, 127.0.0.0/8, ::1). */
  loopback: boolean;
  /** A request (headers and body) must arrive within this; a slow or stalled one is cut (408). */
  requestTimeoutSeconds: number;
  /** Fastify's `trustProxy`: no proxy, a number of hops, or the proxies' addresses. */
  trustProxy: false | number | string;
  logLevel: string;
}

/** `URL#hostname` of this machine: `localhost`, 127.0.0.0/8 or `[::1]`. */
function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(hostname)
  );
}

export function serverOf(env: Env): ServerConfig {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const loopback = isLoopbackHost(publicUrl.hostname);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    managementPort: env.MANAGEMENT_PORT,
    listenHost: loopback ? publicUrl.hostname.replace(/^\[(.*)\]$/, '$1') : '0.0.0.0',
    publicUrl,
    loopback,
    requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
  };
}
