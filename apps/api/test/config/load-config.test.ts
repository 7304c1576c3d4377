import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const EXTERNAL_PROVIDER = {
  OIDC_ISSUER: 'https://login.example.com/realms/portal',
  OIDC_CLIENT_ID: 'portal-web',
  OIDC_AUDIENCE: 'https://portal.example.com/api',
};
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example.com',
  NEWSLETTER_LINK_KEY: 'test-newsletter-link-key-0123456789abcdef',
  ...EXTERNAL_PROVIDER,
};

/** The problems `loadConfig` names for this environment (none when it accepts it). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    expect(error.message).toContain('Invalid configuration');
    return error.problems;
  }
}

describe('loadConfig defaults: one command, no servers', () => {
  it('runs embedded on localhost:3000 with demo data and the development mailbox', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      listenHost: 'localhost',
      loopback: true,
      database: { kind: 'embedded', dataDir: path.resolve('./data') },
      oidc: {
        embedded: true,
        idpPort: 3001,
        issuer: 'http://localhost:3001',
        clientId: 'practice-portal-web',
        audience: 'http://localhost:3000/api',
      },
      smtpUrl: undefined,
      redisUrl: undefined,
      idleTimeoutMinutes: 30,
      accountWritesPerHour: 100,
      retention: {
        invitationDays: 30,
        emailChangeDays: 7,
        newsletterRequestDays: 7,
        signInDays: 90,
        mailDays: 30,
      },
      demoData: true,
      testEndpoints: false,
      mailbox: true,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '', DEMO_DATA: '', DATA_DIR: ' ' })).toMatchObject({
      port: 3000,
      smtpUrl: undefined,
      demoData: true,
      database: { kind: 'embedded', dataDir: path.resolve('./data') },
    });
  });

  it('lets a second instance run beside the first with its own PORT, IDP_PORT and DATA_DIR', () => {
    const first = loadConfig({});
    const second = loadConfig({ PORT: '4000', IDP_PORT: '4001', DATA_DIR: '/tmp/portal-b' });
    expect(second.port).not.toBe(first.port);
    expect(second.publicUrl.origin).toBe('http://localhost:4000');
    expect(second.oidc.issuer).toBe('http://localhost:4001');
    expect(second.oidc.audience).toBe('http://localhost:4000/api');
    expect(second.database).toEqual({ kind: 'embedded', dataDir: '/tmp/portal-b' });
  });

  it('uses a PostgreSQL server from DATABASE_URL, then without demo data unless asked', () => {
    const url = 'postgres://portal:secret@db.internal:5432/portal';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({
      database: { kind: 'server', url },
      demoData: false,
    });
    expect(loadConfig({ DATABASE_URL: url, DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads %s as %s', (value, expected) => {
    const config = loadConfig({ DEMO_DATA: value, ENABLE_TEST_ENDPOINTS: value });
    expect([config.demoData, config.testEndpoints]).toEqual([expected, expected]);
  });

  it.each([
    ['true', 1],
    ['2', 2],
    ['false', false],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 192.168.1.10', '10.0.0.0/8, 192.168.1.10'],
    ['::1,fd00::/8', '::1,fd00::/8'],
  ])('TRUST_PROXY=%s trusts %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});

describe('loadConfig names each invalid value', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '65536'],
    ['PORT', '3000.5'],
    ['PORT', '-1'],
    ['PORT', '0x10'],
    ['IDP_PORT', 'eins'],
    ['NODE_ENV', 'prod'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['PUBLIC_URL', 'ftp://portal.example.com'],
    ['PUBLIC_URL', 'https://portal.example.com/portal'],
    ['PUBLIC_URL', 'https://portal.example.com/?x=1'],
    ['DATABASE_URL', 'mysql://db.internal/portal'],
    ['OIDC_ISSUER', 'login.example.com'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['REDIS_URL', 'memcached://cache'],
    ['IMPRINT_URL', 'javascript:alert(1)'],
    ['PRIVACY_URL', 'datenschutz'],
    ['ACCESSIBILITY_CONTACT', 'Barrierefreiheit'],
    ['ACCESSIBILITY_CONTACT', 'javascript:alert(1)'],
    ['IDLE_TIMEOUT_MINUTES', '0'],
    ['IDLE_TIMEOUT_MINUTES', '1441'],
    ['IDLE_TIMEOUT_MINUTES', 'halbe Stunde'],
    ['ACCOUNT_WRITES_PER_HOUR', '0'],
    ['ACCOUNT_WRITES_PER_HOUR', 'unbegrenzt'],
    ['RETENTION_SIGN_IN_DAYS', '0'],
    ['RETENTION_INVITATION_DAYS', 'ein Monat'],
    ['RETENTION_MAIL_DAYS', '1'],
    ['DEMO_DATA', 'maybe'],
    ['ENABLE_TEST_ENDPOINTS', 'on'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', '10.0.0.0/8/8'],
    ['LOG_LEVEL', 'verbose'],
  ])('%s=%s', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} must `));
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'loud', SMTP_URL: 'mail' });
    expect(problems.map((p) => p.split(' ')[0]).sort()).toEqual(['LOG_LEVEL', 'PORT', 'SMTP_URL']);
  });

  it('never repeats a value, which may hold a password', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://portal:Geheim-123@db/portal',
      SMTP_URL: 'ftp://mailer:Geheim-456@mail',
      REDIS_URL: 'http://:Geheim-789@cache',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).not.toMatch(/Geheim/);
  });
});

describe('loadConfig: an external OpenID provider', () => {
  it('takes issuer, client and audience, and turns the development-only features off', () => {
    const config = loadConfig(EXTERNAL_PROVIDER);
    expect(config.oidc).toMatchObject({
      embedded: false,
      issuer: EXTERNAL_PROVIDER.OIDC_ISSUER,
      clientId: 'portal-web',
      audience: 'https://portal.example.com/api',
    });
    expect([config.demoData, config.testEndpoints, config.mailbox]).toEqual([false, false, false]);
  });

  it.each([
    ['OIDC_ISSUER'],
    ['OIDC_CLIENT_ID'],
    ['OIDC_AUDIENCE'],
    ['OIDC_ISSUER', 'OIDC_CLIENT_ID'],
    ['OIDC_ISSUER', 'OIDC_AUDIENCE'],
    ['OIDC_CLIENT_ID', 'OIDC_AUDIENCE'],
  ])('refuses %s without the rest of the trio', (...names) => {
    const env = Object.fromEntries(
      names.map((name) => [name, EXTERNAL_PROVIDER[name as keyof typeof EXTERNAL_PROVIDER]]),
    );
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE go together/);
  });

  it('refuses IDP_PORT equal to PORT for the embedded provider only', () => {
    expect(problemsOf({ PORT: '4000', IDP_PORT: '4000' })).toEqual([
      expect.stringMatching(/^IDP_PORT must differ from PORT/),
    ]);
    expect(problemsOf({ PORT: '4000', IDP_PORT: '4000', ...EXTERNAL_PROVIDER })).toEqual([]);
  });
});

describe('loadConfig: loopback PUBLIC_URL', () => {
  it.each([
    ['http://localhost:3000', true, 'localhost'],
    ['http://127.0.0.1:3000', true, '127.0.0.1'],
    ['http://127.0.0.2:3000', true, '127.0.0.2'],
    ['http://127.255.255.254', true, '127.255.255.254'],
    ['http://127.1:3000', true, '127.0.0.1'],
    ['http://[::1]:3000', true, '::1'],
    ['http://[0:0:0:0:0:0:0:1]:3000', true, '::1'],
    ['https://portal.example.com', false, '0.0.0.0'],
    ['http://localhost.example.com', false, '0.0.0.0'],
    ['http://128.0.0.1', false, '0.0.0.0'],
    ['http://10.0.0.5:3000', false, '0.0.0.0'],
    ['http://0.0.0.0:3000', false, '0.0.0.0'],
    ['http://[::2]:3000', false, '0.0.0.0'],
  ])('%s is loopback: %s (listens on %s)', (publicUrl, loopback, listenHost) => {
    const config = loadConfig({ PUBLIC_URL: publicUrl, DEMO_DATA: 'false' });
    expect(config.loopback).toBe(loopback);
    expect(config.listenHost).toBe(listenHost);
    expect(config.mailbox).toBe(loopback);
  });

  it('keeps demo data off by default where it is not allowed, instead of refusing to start', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com' }).demoData).toBe(false);
    expect(loadConfig(EXTERNAL_PROVIDER).demoData).toBe(false);
  });

  it.each([
    ['DEMO_DATA', { PUBLIC_URL: 'https://portal.example.com' }],
    ['DEMO_DATA', EXTERNAL_PROVIDER],
    ['ENABLE_TEST_ENDPOINTS', { PUBLIC_URL: 'http://192.168.1.20:3000' }],
    ['ENABLE_TEST_ENDPOINTS', EXTERNAL_PROVIDER],
  ])('refuses %s without the embedded provider and a loopback PUBLIC_URL', (name, env) => {
    const problems = problemsOf({ ...env, [name]: 'true' });
    expect(problems).toEqual([
      `${name} needs the embedded identity provider and a loopback PUBLIC_URL (demo passwords and test calls are public)`,
    ]);
  });
});

describe('loadConfig: NODE_ENV=production', () => {
  it('starts with an external provider and a public address, every development feature off', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({
      env: 'production',
      listenHost: '0.0.0.0',
      demoData: false,
      testEndpoints: false,
      mailbox: false,
    });
  });

  it.each([
    ['DEMO_DATA', { ...PRODUCTION, DEMO_DATA: 'true' }, /refuses DEMO_DATA/],
    [
      'ENABLE_TEST_ENDPOINTS',
      { ...PRODUCTION, ENABLE_TEST_ENDPOINTS: 'yes' },
      /refuses ENABLE_TEST_ENDPOINTS/,
    ],
    ['the mailbox (defaults)', { NODE_ENV: 'production' }, /refuses the development mailbox/],
    [
      'the mailbox (127.0.0.2)',
      { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.2:3000' },
      /refuses the development mailbox/,
    ],
    [
      'the mailbox ([::1])',
      { NODE_ENV: 'production', PUBLIC_URL: 'http://[::1]:3000' },
      /refuses the development mailbox/,
    ],
  ])('refuses to start with %s', (_name, env, expected) => {
    const problems = problemsOf(env);
    expect(problems.some((problem) => expected.test(problem))).toBe(true);
  });

  it('never turns demo data on by default, even embedded on a loopback address', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems.join('\n')).not.toMatch(/DEMO_DATA/);
  });
});

describe('loadConfig: the customer-relationship backend (decision 0061)', () => {
  const DATAVERSE = {
    CRM_PROVIDER: 'dataverse',
    DATAVERSE_URL: 'https://contoso.crm4.dynamics.com',
    DATAVERSE_TENANT_ID: '72F988BF-86F1-41AF-91AB-2D7CD011DB47',
    DATAVERSE_CLIENT_ID: '00000000-1111-2222-3333-444444444444',
    DATAVERSE_CLIENT_SECRET: 'secret value',
  };

  it('connects no CRM unless told otherwise', () => {
    expect(loadConfig({}).crm).toEqual({ provider: 'builtin' });
    expect(loadConfig({}).operatorToken).toBeNull();
  });

  it("takes Dataverse's settings, with Microsoft's sign-in host and a minute's sync by default", () => {
    expect(loadConfig(DATAVERSE).crm).toEqual({
      provider: 'dataverse',
      url: 'https://contoso.crm4.dynamics.com',
      tenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
      clientId: '00000000-1111-2222-3333-444444444444',
      clientSecret: 'secret value',
      clientCertificate: undefined,
      authority: 'https://login.microsoftonline.com',
      mappingFile: undefined,
      syncSeconds: 60,
      requestsPerMinute: 900,
      concurrentRequests: 8,
    });
  });

  it('names every Dataverse setting that is missing', () => {
    expect(problemsOf({ CRM_PROVIDER: 'dataverse' })).toEqual([
      'DATAVERSE_URL is needed with CRM_PROVIDER=dataverse',
      'DATAVERSE_TENANT_ID is needed with CRM_PROVIDER=dataverse',
      'DATAVERSE_CLIENT_ID is needed with CRM_PROVIDER=dataverse',
      'DATAVERSE_CLIENT_CERTIFICATE or DATAVERSE_CLIENT_SECRET is needed with CRM_PROVIDER=dataverse',
    ]);
  });

  it('names a setting with a wrong shape, never its value', () => {
    const problems = problemsOf({
      ...DATAVERSE,
      CRM_PROVIDER: 'salesforce',
      DATAVERSE_TENANT_ID: 'contoso.onmicrosoft.com',
      DATAVERSE_URL: 'https://contoso.crm4.dynamics.com/api/data/v9.2',
      CRM_SYNC_SECONDS: '1',
      OPERATOR_TOKEN: 'short',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'CRM_PROVIDER must be builtin or dataverse',
        'DATAVERSE_TENANT_ID must be a GUID such as 00000000-0000-0000-0000-000000000000',
        'DATAVERSE_URL must be an origin such as https://portal.example.com, without a path',
        'CRM_SYNC_SECONDS must be a whole number of seconds from 5 to 86400',
        'OPERATOR_TOKEN must be at least 32 printable characters without spaces',
      ]),
    );
    expect(problems.join('\n')).not.toContain('contoso.onmicrosoft.com');
  });
});

describe('loadConfig: NEWSLETTER_LINK_KEY (decision 0077)', () => {
  it('is needed in production, and named without its value', () => {
    const { NEWSLETTER_LINK_KEY: _key, ...without } = PRODUCTION;
    expect(() => loadConfig(without)).toThrow(/NEWSLETTER_LINK_KEY is needed/);
    expect(loadConfig(PRODUCTION).newsletterLinkKey).toBe(PRODUCTION.NEWSLETTER_LINK_KEY);
  });

  it('refuses a short key', () => {
    expect(() => loadConfig({ NEWSLETTER_LINK_KEY: 'kurz' })).toThrow(/NEWSLETTER_LINK_KEY/);
  });

  it('has no fixed key outside production: unset, a key is generated per database (issue 41)', () => {
    expect(loadConfig({}).newsletterLinkKey).toBeNull();
    expect(loadConfig({}).newsletterLinkKeysPrevious).toEqual([]);
  });

  it('takes the previous keys, which still verify links, separated by spaces', () => {
    const previous = [
      'older-newsletter-link-key-0123456789abc',
      'old,newsletter,link,key,0123456789',
    ];
    const config = loadConfig({
      ...PRODUCTION,
      NEWSLETTER_LINK_KEYS_PREVIOUS: ` ${previous[0]}   ${previous[1]} `,
    });
    expect(config.newsletterLinkKeysPrevious).toEqual(previous);
    const short = 'kurz-und-geheim';
    const problems = problemsOf({ NEWSLETTER_LINK_KEYS_PREVIOUS: `${previous[0]} ${short}` });
    expect(problems).toEqual([
      'NEWSLETTER_LINK_KEYS_PREVIOUS must be keys of at least 32 printable characters, separated by spaces',
    ]);
    expect(problems.join('\n')).not.toContain(short);
  });
});

describe('loadConfig: TOTP_ENCRYPTION_KEY (decision 0066)', () => {
  const EMBEDDED_PRODUCTION = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example.com',
    NEWSLETTER_LINK_KEY: 'test-newsletter-link-key-0123456789abcdef',
  };
  const KEY = Buffer.alloc(32, 7);

  it('is needed in production with the embedded provider, and named without its value', () => {
    expect(problemsOf(EMBEDDED_PRODUCTION).join('\n')).toMatch(/TOTP_ENCRYPTION_KEY is needed/);
    expect(
      problemsOf({ ...EMBEDDED_PRODUCTION, TOTP_ENCRYPTION_KEY: KEY.toString('base64') }),
    ).toEqual([]);
  });

  it('is not needed with an external provider, nor in development', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
    expect(loadConfig({}).totpEncryptionKey).toBeNull();
  });

  it('takes 32 bytes as hex or base64 and refuses anything else', () => {
    for (const form of [KEY.toString('hex'), KEY.toString('base64'), KEY.toString('base64url')]) {
      expect(loadConfig({ TOTP_ENCRYPTION_KEY: form }).totpEncryptionKey).toEqual(KEY);
    }
    const secret = 'too-short-a-key';
    const problems = problemsOf({ TOTP_ENCRYPTION_KEY: secret });
    expect(problems).toEqual([
      'TOTP_ENCRYPTION_KEY must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)',
    ]);
    expect(problems.join('\n')).not.toContain(secret);
  });
});
