import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { EMBEDDED_SECOND_FACTOR_ACR, type SecondFactorRule } from './lib/tokens/second-factor.ts';
import { DEFAULT_RETENTION, type RetentionPeriods } from './lib/retention/periods.ts';
import { administrationSettingsOf, type AdministrationSettings } from './identity/provider-env.ts';
import {
  PROVIDER_NAMES,
  providerProfile,
  requestParametersOf,
  tokenScopeOf,
  type ProviderName,
} from './lib/tokens/provider-profiles.ts';

// Messages name the variable and what it accepts, never the value: URLs may hold passwords.
const TRUE_VALUES = ['true', '1', 'yes'];
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => TRUE_VALUES.includes(v));

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(min, { error: message }).max(max, { error: message }));

const port = (fallback: number) =>
  wholeNumber(1, 65535, 'must be a port number from 1 to 65535').default(fallback);

const httpUrl = z.url({
  protocol: /^https?$/,
  error: 'must be an http:// or https:// URL',
  abort: true,
});

const origin = httpUrl.refine(
  (value) => {
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  },
  { error: 'must be an origin such as https://portal.example.com, without a path' },
);

/**
 * Where people report accessibility barriers (decision 0080): an e-mail address or the http(s)
 * page of a contact form.
 */
const accessibilityContact = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value) ||
      (/^https?:\/\//i.test(value) && URL.canParse(value)),
    { error: 'must be an e-mail address or an http:// or https:// URL' },
  );

/** What the operator calls the portal: shown in the portal's and the provider's headers. */
const portalName = z
  .string()
  .trim()
  .regex(/^[^\p{C}]{1,60}$/u, { error: 'must be 1 to 60 printable characters' });

/**
 * The operator's logo: an http(s) URL, or a path on the portal's origin. `//host` and `/\host`
 * are refused: browsers read them as another origin.
 */
const logoUrl = z.string().refine(
  (value) => {
    if (/[\s\p{C}]/u.test(value)) return false;
    if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
    if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
    const url = new URL(value);
    return !url.username && !url.password;
  },
  { error: 'must be an http:// or https:// URL or a path starting with /' },
);

/** A Microsoft Entra ID tenant or application id. */
const guid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
  error: 'must be a GUID such as 00000000-0000-0000-0000-000000000000',
});

/**
 * `acr` values that count as a second factor (decision 0070): comma-separated, each a URI or a
 * level such as Keycloak's `2`, of printable characters without spaces or commas.
 */
const acrValues = z
  .string()
  .refine(
    (value) => value.split(',').every((entry) => /^[\x21-\x2b\x2d-\x7e]+$/.test(entry.trim())),
    {
      error: 'must be a comma-separated list of acr values (no spaces inside a value)',
    },
  )
  .transform((value) => value.split(',').map((entry) => entry.trim()));

/**
 * A custom claim holding the sign-in's RFC 8176 methods (`SECOND_FACTOR_AMR_CLAIM`, decision
 * 0073): Auth0's Actions may not set `amr` on an access token, so they write a namespaced claim.
 * A URL, as Auth0 recommends for namespaces; `amr` itself is read anyway.
 */
const amrClaim = httpUrl.refine((value) => !/[\s\p{C}]/u.test(value), {
  error:
    'must be a namespaced claim name, an http:// or https:// URL such as https://portal.example.com/amr',
});

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

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  PORT: port(3000),
  IDP_PORT: port(3001),
  IDP_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, { error: 'must be a host name or IPv4 address' })
    .default('localhost'),
  PUBLIC_URL: origin.optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_PROVIDER: z
    .enum(PROVIDER_NAMES, { error: 'must be generic, keycloak, entra or auth0' })
    .default('generic'),
  OIDC_API_SCOPE: z
    .string()
    .regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, {
      error: 'must be one scope name (no spaces, quotes or backslashes)',
    })
    .optional(),
  SECOND_FACTOR_ACR: acrValues.default([EMBEDDED_SECOND_FACTOR_ACR]),
  SECOND_FACTOR_AMR_CLAIM: amrClaim.optional(),
  KEYCLOAK_ADMIN_CLIENT_ID: z.string().optional(),
  KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().optional(),
  AUTH0_MANAGEMENT_CLIENT_ID: z.string().optional(),
  AUTH0_MANAGEMENT_CLIENT_SECRET: z.string().optional(),
  ENTRA_PASSWORD_URL: httpUrl.optional(),
  ENTRA_ACCOUNT_URL: httpUrl.optional(),
  ENTRA_SECURITY_INFO_URL: httpUrl.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, {
      error: 'must be an address, optionally with a name: "Praxisportal" <portal@example.com>',
    })
    .optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  IMPRINT_URL: httpUrl.optional(),
  PRIVACY_URL: httpUrl.optional(),
  ACCESSIBILITY_CONTACT: accessibilityContact.optional(),
  PORTAL_NAME: portalName.optional(),
  LOGO_URL: logoUrl.optional(),
  IDLE_TIMEOUT_MINUTES: wholeNumber(
    1,
    24 * 60,
    'must be a whole number of minutes from 1 to 1440',
  ).default(30),
  ACCESS_TOKEN_MAX_MINUTES: wholeNumber(
    1,
    24 * 60,
    'must be a whole number of minutes from 1 to 1440',
  ).default(10),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: wholeNumber(
    0,
    60_000,
    'must be a whole number of milliseconds from 0 (off) to 60000',
  ).default(1000),
  OVERLOAD_MAX_HEAP_MIB: wholeNumber(
    0,
    1_000_000,
    'must be a whole number of MiB, 0 (off) or more',
  ).default(0),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(
    1,
    600,
    'must be a whole number of seconds from 1 to 600',
  ).default(30),
  ACCOUNT_WRITES_PER_HOUR: wholeNumber(
    1,
    1_000_000,
    'must be a whole number from 1 to 1000000',
  ).default(100),
  RETENTION_INVITATION_DAYS: wholeNumber(
    1,
    3650,
    'must be a whole number of days from 1 to 3650',
  ).default(DEFAULT_RETENTION.invitationDays),
  RETENTION_EMAIL_CHANGE_DAYS: wholeNumber(
    1,
    3650,
    'must be a whole number of days from 1 to 3650',
  ).default(DEFAULT_RETENTION.emailChangeDays),
  RETENTION_NEWSLETTER_REQUEST_DAYS: wholeNumber(
    1,
    3650,
    'must be a whole number of days from 1 to 3650',
  ).default(DEFAULT_RETENTION.newsletterRequestDays),
  RETENTION_SIGN_IN_DAYS: wholeNumber(
    1,
    3650,
    'must be a whole number of days from 1 to 3650',
  ).default(DEFAULT_RETENTION.signInDays),
  RETENTION_MAIL_DAYS: wholeNumber(
    2,
    3650,
    'must be a whole number of days from 2 to 3650',
  ).default(DEFAULT_RETENTION.mailDays),
  CRM_PROVIDER: z
    .enum(['builtin', 'dataverse'], { error: 'must be builtin or dataverse' })
    .default('builtin'),
  CRM_SYNC_SECONDS: wholeNumber(
    5,
    24 * 60 * 60,
    'must be a whole number of seconds from 5 to 86400',
  ).default(60),
  DATAVERSE_URL: origin.optional(),
  DATAVERSE_TENANT_ID: guid.optional(),
  DATAVERSE_CLIENT_ID: guid.optional(),
  DATAVERSE_CLIENT_SECRET: z.string().optional(),
  DATAVERSE_AUTHORITY: origin.default('https://login.microsoftonline.com'),
  DATAVERSE_MAPPING_FILE: z.string().optional(),
  TOTP_ENCRYPTION_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, {
      error: 'must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)',
    })
    .optional(),
  NEWSLETTER_LINK_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, {
      error: 'must be at least 32 printable characters without spaces (openssl rand -base64 32)',
    })
    .optional(),
  NEWSLETTER_LINK_KEYS_PREVIOUS: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{32,}(?:\s+[\x21-\x7e]{32,})*$/, {
      error: 'must be keys of at least 32 printable characters, separated by spaces',
    })
    .transform((value) => value.split(/\s+/))
    .optional(),
  OPERATOR_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, {
      error: 'must be at least 32 printable characters without spaces',
    })
    .optional(),
  DEMO_DATA: bool.optional(),
  ENABLE_TEST_ENDPOINTS: bool.default(false),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
});

/** The scope of the portal's api at the identity provider. */
export const API_SCOPE = 'portal:api';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Where the api listens: the loopback host of PUBLIC_URL, else every IPv4 interface. */
  listenHost: string;
  publicUrl: URL;
  /** Whether PUBLIC_URL points at this machine (localhost, 127.0.0.0/8, ::1). */
  loopback: boolean;
  database: { kind: 'embedded'; dataDir: string } | { kind: 'server'; url: string };
  oidc: {
    embedded: boolean;
    /** Which provider's tokens the api expects (`OIDC_PROVIDER`; decision 0035). */
    provider: ProviderName;
    idpPort: number;
    issuer: string;
    clientId: string;
    audience: string;
    /** The scope an access token needs for `Lifetime/private-scoped`. */
    apiScope: string;
    /** What the web app asks for at sign-in. */
    webScope: string;
    /** Extra parameters of the web app's authorize and token requests (the audience). */
    requestParameters: { authorize: Record<string, string>; token: Record<string, string> };
    /** Access tokens that live longer (`exp - iat`) are refused. */
    accessTokenMaxMinutes: number;
    /**
     * Where an access token shows a second factor (decisions 0070, 0073): the profile's claims,
     * `SECOND_FACTOR_AMR_CLAIM`, and the contexts of `SECOND_FACTOR_ACR`.
     */
    secondFactor: SecondFactorRule;
  };
  /** How password and e-mail changes reach the provider (docs/product.md §2). */
  administration: AdministrationSettings;
  smtpUrl: string | undefined;
  /** Sender of the portal's mails; defaults to no-reply at PUBLIC_URL's host, named PORTAL_NAME. */
  mailFrom: string;
  redisUrl: string | undefined;
  imprintUrl: string | undefined;
  privacyUrl: string | undefined;
  /** `ACCESSIBILITY_CONTACT`; defaults to barrierefreiheit@ at PUBLIC_URL's host. */
  accessibilityContact: string;
  /** `PORTAL_NAME`; null: the translated default ("Praxisportal" / "Practice Portal"). */
  portalName: string | null;
  /** `LOGO_URL` as set: an http(s) URL or a path on the portal's origin; null: no logo. */
  logoUrl: string | null;
  idleTimeoutMinutes: number;
  /** A request (headers and body) must arrive within this; a slow or stalled one is cut (408). */
  requestTimeoutSeconds: number;
  /** When the process sheds load with 503 (0 turns a check off). */
  overload: { maxEventLoopDelayMs: number; maxHeapMiB: number };
  /** How often an account may make one write call in an hour (decision 0050). */
  accountWritesPerHour: number;
  /** How long what has served its purpose is kept (`RETENTION_*`, docs/privacy.md). */
  retention: RetentionPeriods;
  /** Where customers, practices and locations are kept (decision 0061). */
  crm: CrmSettings;
  /**
   * The 32-byte key that encrypts the embedded provider's TOTP secrets (`TOTP_ENCRYPTION_KEY`,
   * decision 0066); null: one the provider generates per database (refused in production, 0098).
   */
  totpEncryptionKey: Buffer | null;
  /**
   * The HMAC key that signs the newsletter's unsubscribe links (`NEWSLETTER_LINK_KEY`, decision
   * 0077), shared with the operator's newsletter system; null: one generated per database
   * (refused in production, decision 0098).
   */
  newsletterLinkKey: string | null;
  /** Earlier keys whose links still verify (`NEWSLETTER_LINK_KEYS_PREVIOUS`, decision 0098). */
  newsletterLinkKeysPrevious: string[];
  /** Bearer token of the operator endpoints (`/operator/…`); null: they answer 404. */
  operatorToken: string | null;
  demoData: boolean;
  testEndpoints: boolean;
  /** `/dev/mailbox`: only with the embedded provider and a loopback PUBLIC_URL. */
  mailbox: boolean;
  /** Fastify's `trustProxy`: no proxy, a number of hops, or the proxies' addresses. */
  trustProxy: false | number | string;
  logLevel: string;
}

export type CrmSettings =
  | { provider: 'builtin' }
  | {
      provider: 'dataverse';
      /** The environment's origin (`https://org.crm4.dynamics.com`). */
      url: string;
      tenantId: string;
      clientId: string;
      clientSecret: string;
      /** Microsoft's sign-in host, or a stand-in's. */
      authority: string;
      /** A JSON file with the mapping of fields to tables and columns; unset: the default. */
      mappingFile: string | undefined;
      syncSeconds: number;
    };

function crmSettingsOf(env: z.infer<typeof EnvSchema>, problems: string[]): CrmSettings {
  if (env.CRM_PROVIDER === 'builtin') return { provider: 'builtin' };
  const { DATAVERSE_URL, DATAVERSE_TENANT_ID, DATAVERSE_CLIENT_ID, DATAVERSE_CLIENT_SECRET } = env;
  const missing = Object.entries({
    DATAVERSE_URL,
    DATAVERSE_TENANT_ID,
    DATAVERSE_CLIENT_ID,
    DATAVERSE_CLIENT_SECRET,
  })
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  for (const name of missing) {
    problems.push(`${name} is needed with CRM_PROVIDER=dataverse`);
  }
  if (!DATAVERSE_URL || !DATAVERSE_TENANT_ID || !DATAVERSE_CLIENT_ID || !DATAVERSE_CLIENT_SECRET) {
    return { provider: 'builtin' };
  }
  return {
    provider: 'dataverse',
    url: new URL(DATAVERSE_URL).origin,
    tenantId: DATAVERSE_TENANT_ID.toLowerCase(),
    clientId: DATAVERSE_CLIENT_ID.toLowerCase(),
    clientSecret: DATAVERSE_CLIENT_SECRET,
    authority: new URL(env.DATAVERSE_AUTHORITY).origin,
    mappingFile: env.DATAVERSE_MAPPING_FILE,
    syncSeconds: env.CRM_SYNC_SECONDS,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `URL#hostname` of this machine: `localhost`, 127.0.0.0/8 or `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(hostname)
  );
}

/** A display name for a mail header: quoted, with its quotes and backslashes escaped. */
function quotedName(name: string): string {
  return `"${name.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * The logo's absolute address, for pages on another origin (the provider's): a path is on the
 * portal's origin.
 */
export function absoluteLogoUrl(config: Pick<Config, 'logoUrl' | 'publicUrl'>): string | null {
  return config.logoUrl === null ? null : new URL(config.logoUrl, config.publicUrl).href;
}

/** The logo's origin when it is another than the portal's, for the pages' `img-src`. */
export function logoOrigins(config: Pick<Config, 'logoUrl' | 'publicUrl'>): string[] {
  const logo = absoluteLogoUrl(config);
  const origin = logo === null ? undefined : new URL(logo).origin;
  return origin === undefined || origin === config.publicUrl.origin ? [] : [origin];
}

/** The key's 32 bytes from its hex or base64 (standard or URL-safe) form. */
function totpKeyOf(value: string | undefined): Buffer | null {
  if (value === undefined) return null;
  return /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** The profile's claims of a second factor, with the deployment's custom claim and contexts. */
function secondFactorRuleOf(
  provider: ProviderName,
  acrValues: string[],
  amrClaim: string | undefined,
): SecondFactorRule {
  const claims = providerProfile(provider).secondFactorClaims;
  return {
    ...claims,
    amrClaims: amrClaim === undefined ? claims.amrClaims : [...claims.amrClaims, amrClaim],
    acrValues,
  };
}

/** Unset and empty variables are the same (`SMTP_URL=` in an env file means no SMTP). */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => !!entry[1]?.trim()),
  );
}

/** Reads and checks the environment; throws a {@link ConfigError} listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
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
  const provider = env.OIDC_PROVIDER;
  if (embeddedIdp && provider !== 'generic') {
    problems.push(
      `OIDC_PROVIDER=${provider} needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE of that provider (the embedded one is generic)`,
    );
  }
  if (!embeddedIdp && provider !== 'generic') {
    const issuerProblem = env.OIDC_ISSUER
      ? providerProfile(provider).issuerProblem(env.OIDC_ISSUER)
      : undefined;
    if (issuerProblem) problems.push(`OIDC_ISSUER ${issuerProblem} (OIDC_PROVIDER=${provider})`);
    if (env.OIDC_AUDIENCE !== undefined && env.OIDC_AUDIENCE === env.OIDC_CLIENT_ID) {
      problems.push(
        "OIDC_AUDIENCE must be the api's own audience, not OIDC_CLIENT_ID: an ID token is addressed to the client",
      );
    }
  }
  if (provider === 'entra' && !env.OIDC_API_SCOPE?.includes('/')) {
    problems.push(
      'OIDC_API_SCOPE must be the full name of the api scope for OIDC_PROVIDER=entra, such as api://<application id>/portal.api',
    );
  }
  if (embeddedIdp && env.SECOND_FACTOR_AMR_CLAIM !== undefined) {
    problems.push(
      'SECOND_FACTOR_AMR_CLAIM needs an external provider: the embedded one writes amr itself',
    );
  }
  const issuer = env.OIDC_ISSUER ?? `http://${env.IDP_HOST}:${env.IDP_PORT}`;
  const administration = administrationSettingsOf(provider, embeddedIdp, issuer, env, problems);
  const crm = crmSettingsOf(env, problems);
  if (embeddedIdp && env.IDP_PORT === env.PORT) {
    problems.push('IDP_PORT must differ from PORT: the embedded provider has its own origin');
  }

  const production = env.NODE_ENV === 'production';
  const devOnlyAllowed = embeddedIdp && loopback;
  const demoData =
    env.DEMO_DATA ?? (!production && devOnlyAllowed && env.DATABASE_URL === undefined);
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
    if (demoData) {
      problems.push('NODE_ENV=production refuses DEMO_DATA: the demo password is public');
    }
    if (env.ENABLE_TEST_ENDPOINTS) {
      problems.push('NODE_ENV=production refuses ENABLE_TEST_ENDPOINTS');
    }
    if (embeddedIdp && env.TOTP_ENCRYPTION_KEY === undefined) {
      problems.push(
        'TOTP_ENCRYPTION_KEY is needed with NODE_ENV=production and the embedded identity provider: 32 random bytes (openssl rand -base64 32) that encrypt the authenticator secrets; keep it, as secrets encrypted with another key cannot be read',
      );
    }
    if (env.NEWSLETTER_LINK_KEY === undefined) {
      problems.push(
        'NEWSLETTER_LINK_KEY is needed with NODE_ENV=production: at least 32 random characters (openssl rand -base64 32) that sign the newsletter unsubscribe links, shared with the newsletter system',
      );
    }
    if (mailbox) {
      problems.push(
        'NODE_ENV=production refuses the development mailbox (/dev/mailbox), which is on with the embedded provider and a loopback PUBLIC_URL: set PUBLIC_URL to the public address or configure an external provider',
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const audience = env.OIDC_AUDIENCE ?? `${publicUrl.origin}/api`;
  const requestedScope = env.OIDC_API_SCOPE ?? API_SCOPE;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    listenHost: loopback ? publicUrl.hostname.replace(/^\[(.*)\]$/, '$1') : '0.0.0.0',
    publicUrl,
    loopback,
    database: env.DATABASE_URL
      ? { kind: 'server', url: env.DATABASE_URL }
      : { kind: 'embedded', dataDir: path.resolve(env.DATA_DIR) },
    oidc: {
      embedded: embeddedIdp,
      provider,
      idpPort: env.IDP_PORT,
      issuer,
      clientId: env.OIDC_CLIENT_ID ?? 'practice-portal-web',
      audience,
      apiScope: tokenScopeOf(provider, requestedScope),
      webScope: `openid profile email offline_access ${requestedScope}`,
      requestParameters: requestParametersOf(provider, audience),
      accessTokenMaxMinutes: env.ACCESS_TOKEN_MAX_MINUTES,
      secondFactor: secondFactorRuleOf(
        provider,
        env.SECOND_FACTOR_ACR,
        env.SECOND_FACTOR_AMR_CLAIM,
      ),
    },
    administration,
    smtpUrl: env.SMTP_URL,
    mailFrom:
      env.MAIL_FROM ??
      `${quotedName(env.PORTAL_NAME ?? 'Praxisportal')} <no-reply@${publicUrl.hostname}>`,
    redisUrl: env.REDIS_URL,
    imprintUrl: env.IMPRINT_URL,
    privacyUrl: env.PRIVACY_URL,
    accessibilityContact: env.ACCESSIBILITY_CONTACT ?? `barrierefreiheit@${publicUrl.hostname}`,
    portalName: env.PORTAL_NAME ?? null,
    logoUrl: env.LOGO_URL ?? null,
    idleTimeoutMinutes: env.IDLE_TIMEOUT_MINUTES,
    requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
    overload: {
      maxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapMiB: env.OVERLOAD_MAX_HEAP_MIB,
    },
    accountWritesPerHour: env.ACCOUNT_WRITES_PER_HOUR,
    retention: {
      invitationDays: env.RETENTION_INVITATION_DAYS,
      emailChangeDays: env.RETENTION_EMAIL_CHANGE_DAYS,
      newsletterRequestDays: env.RETENTION_NEWSLETTER_REQUEST_DAYS,
      signInDays: env.RETENTION_SIGN_IN_DAYS,
      mailDays: env.RETENTION_MAIL_DAYS,
    },
    crm,
    totpEncryptionKey: totpKeyOf(env.TOTP_ENCRYPTION_KEY),
    newsletterLinkKey: env.NEWSLETTER_LINK_KEY ?? null,
    newsletterLinkKeysPrevious: env.NEWSLETTER_LINK_KEYS_PREVIOUS ?? [],
    operatorToken: env.OPERATOR_TOKEN ?? null,
    demoData,
    testEndpoints: env.ENABLE_TEST_ENDPOINTS,
    mailbox,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
  };
}
