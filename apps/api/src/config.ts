import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

const url = z.url({ protocol: /^https?$/ });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port(3000),
  IDP_PORT: port(3001),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  IMPRINT_URL: url.optional(),
  PRIVACY_URL: url.optional(),
  IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  ENABLE_TEST_ENDPOINTS: bool(false),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  publicUrl: URL;
  /** Whether PUBLIC_URL points at this machine (localhost, 127.0.0.0/8, ::1). */
  loopback: boolean;
  database: { kind: 'embedded'; dataDir: string } | { kind: 'server'; url: string };
  oidc: {
    embedded: boolean;
    idpPort: number;
    issuer: string;
    clientId: string;
    audience: string;
    /** The scope an access token needs for `Lifetime/private-scoped`. */
    apiScope: string;
  };
  smtpUrl: string | undefined;
  redisUrl: string | undefined;
  imprintUrl: string | undefined;
  privacyUrl: string | undefined;
  idleTimeoutMinutes: number;
  demoData: boolean;
  testEndpoints: boolean;
  /** `/dev/mailbox`: only with the embedded provider and a loopback PUBLIC_URL. */
  mailbox: boolean;
  trustProxy: boolean | string;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Reads and checks the environment; throws a {@link ConfigError} listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];

  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const loopback = isLoopbackHost(publicUrl.hostname);
  const externalOidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_AUDIENCE];
  const embeddedIdp = externalOidc.every((v) => v === undefined);
  if (!embeddedIdp && externalOidc.some((v) => v === undefined)) {
    problems.push(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE go together: set all three for an external provider, or none for the embedded one',
    );
  }
  const production = env.NODE_ENV === 'production';
  const demoDefault = !production && env.DATABASE_URL === undefined;
  const demoData =
    env.DEMO_DATA === undefined || env.DEMO_DATA === ''
      ? demoDefault
      : ['true', '1', 'yes'].includes(env.DEMO_DATA);
  const devOnlyAllowed = embeddedIdp && loopback;
  const mailbox = devOnlyAllowed;

  for (const [on, name] of [
    [demoData, 'DEMO_DATA'],
    [env.ENABLE_TEST_ENDPOINTS, 'ENABLE_TEST_ENDPOINTS'],
  ] as const) {
    if (on && !devOnlyAllowed) {
      problems.push(
        `${name} needs the embedded identity provider and a loopback PUBLIC_URL (demo passwords and test calls are public)`,
      );
    }
  }
  if (production) {
    if (demoData) problems.push('NODE_ENV=production refuses DEMO_DATA: the demo password is public');
    if (env.ENABLE_TEST_ENDPOINTS) problems.push('NODE_ENV=production refuses ENABLE_TEST_ENDPOINTS');
    if (mailbox) {
      problems.push(
        'NODE_ENV=production refuses the development mailbox, which is on with the embedded provider and a loopback PUBLIC_URL: set PUBLIC_URL to the public address or configure an external provider',
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const issuer = env.OIDC_ISSUER ?? `http://localhost:${env.IDP_PORT}`;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    publicUrl,
    loopback,
    database: env.DATABASE_URL
      ? { kind: 'server', url: env.DATABASE_URL }
      : { kind: 'embedded', dataDir: path.resolve(env.DATA_DIR) },
    oidc: {
      embedded: embeddedIdp,
      idpPort: env.IDP_PORT,
      issuer,
      clientId: env.OIDC_CLIENT_ID ?? 'practice-portal-web',
      audience: env.OIDC_AUDIENCE ?? `${publicUrl.origin}/api`,
      apiScope: 'portal:api',
    },
    smtpUrl: env.SMTP_URL,
    redisUrl: env.REDIS_URL,
    imprintUrl: env.IMPRINT_URL,
    privacyUrl: env.PRIVACY_URL,
    idleTimeoutMinutes: env.IDLE_TIMEOUT_MINUTES,
    demoData,
    testEndpoints: env.ENABLE_TEST_ENDPOINTS,
    mailbox,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
  };
}

/** `true`, or a comma-separated list of proxy addresses or CIDR ranges to trust. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
