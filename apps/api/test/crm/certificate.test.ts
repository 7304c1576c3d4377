import { webcrypto } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { EXAMPLE_CREDENTIALS } from '@pp/dataverse-stand-in';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createCrmConnector } from '../../src/crm-sync/connector.ts';
import type { CrmLog } from '../../src/crm-sync/crm-client.ts';
import {
  clientAssertion,
  CLIENT_ASSERTION_TYPE,
  readClientCertificate,
} from '../../src/crm-sync/dataverse/certificate.ts';
import { dataverseClient } from '../../src/crm-sync/dataverse/client.ts';
import { loadMapping } from '../../src/crm-sync/dataverse/mapping.ts';
import { clientCredentialsTokens, tokenEndpoint } from '../../src/crm-sync/dataverse/token.ts';
import { useCrm } from '../support/crm.ts';

// Certificate credentials (issue 44, finding 7) as Microsoft Learn describes them: "Microsoft
// identity platform application authentication certificate credentials",
// https://learn.microsoft.com/entra/identity-platform/certificate-credentials, and the client
// credentials flow's "Second case: Access token request with a certificate",
// https://learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow.
// Certificates are made here, at test time; no private key is kept in the repository.

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

async function certificate(name: string, days = 30): Promise<{ pem: string; certificate: string }> {
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const now = Date.now();
  const made = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + days * 86_400_000),
    signingAlgorithm: algorithm,
    keys,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END PRIVATE KEY-----\n`;
  const cert = made.toString('pem');
  return { pem: `${cert}\n${key}`, certificate: cert };
}

const registered = await certificate('Practice Portal');
const unregistered = await certificate('Someone else');

describe('DATAVERSE_CLIENT_CERTIFICATE', () => {
  const base = {
    CRM_PROVIDER: 'dataverse',
    DATAVERSE_URL: 'https://contoso.crm4.dynamics.com',
    DATAVERSE_TENANT_ID: EXAMPLE_CREDENTIALS.tenantId,
    DATAVERSE_CLIENT_ID: EXAMPLE_CREDENTIALS.clientId,
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('takes a PEM file or the PEM itself, instead of a secret', () => {
    const file = path.join(tmpdir(), `client-${process.pid}.pem`);
    writeFileSync(file, registered.pem, { mode: 0o600 });
    for (const value of [file, registered.pem]) {
      const crm = loadConfig({ ...base, DATAVERSE_CLIENT_CERTIFICATE: value }).crm;
      expect(crm).toMatchObject({ provider: 'dataverse', clientSecret: undefined });
      if (crm.provider !== 'dataverse') throw new Error('no dataverse');
      expect(crm.clientCertificate?.thumbprintS256).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('refuses both, neither, a file without a key and a key of another certificate', () => {
    expect(
      problems({ ...base, DATAVERSE_CLIENT_SECRET: 's', DATAVERSE_CLIENT_CERTIFICATE: 'x' }),
    ).toEqual([
      'DATAVERSE_CLIENT_SECRET and DATAVERSE_CLIENT_CERTIFICATE are both set: set one of them (the certificate is the safer one)',
    ]);
    expect(problems(base)).toEqual([
      'DATAVERSE_CLIENT_CERTIFICATE or DATAVERSE_CLIENT_SECRET is needed with CRM_PROVIDER=dataverse',
    ]);
    expect(problems({ ...base, DATAVERSE_CLIENT_CERTIFICATE: registered.certificate })).toEqual([
      'DATAVERSE_CLIENT_CERTIFICATE holds no private key (BEGIN PRIVATE KEY)',
    ]);
    const mixed = registered.certificate + unregistered.pem.split('-----END CERTIFICATE-----')[1];
    expect(problems({ ...base, DATAVERSE_CLIENT_CERTIFICATE: mixed })).toEqual([
      "DATAVERSE_CLIENT_CERTIFICATE holds a private key that is not the certificate's",
    ]);
    expect(problems({ ...base, DATAVERSE_CLIENT_CERTIFICATE: '/nowhere/client.pem' })).toEqual([
      'DATAVERSE_CLIENT_CERTIFICATE cannot be read (ENOENT)',
    ]);
  });
});

describe('a token by certificate', () => {
  const crm = useCrm({
    pageSize: 50,
    standIn: { certificates: [registered.certificate], clientSecret: 'the only secret' },
  });
  const lines: string[] = [];
  // As pino writes it: an `err` with its message.
  const line = (...args: unknown[]) =>
    lines.push(
      args
        .map((a) => ((a as { err?: Error })?.err?.message ?? JSON.stringify(a)) as string)
        .join(' '),
    );
  const log = { info: () => {}, warn: line, error: line } as unknown as CrmLog;
  const connectorWith = (credential: { pem?: string; secret?: string }) =>
    createCrmConnector({
      db: crm.db.database.db,
      client: dataverseClient({
        url: crm.standIn.url,
        authority: crm.standIn.url,
        tenantId: EXAMPLE_CREDENTIALS.tenantId,
        clientId: EXAMPLE_CREDENTIALS.clientId,
        ...(credential.pem ? { clientCertificate: readClientCertificate(credential.pem) } : {}),
        ...(credential.secret ? { clientSecret: credential.secret } : {}),
        mapping: loadMapping(),
      }),
      log,
      syncSeconds: 60,
    });
  const endpoint = () => tokenEndpoint(crm.standIn.url, EXAMPLE_CREDENTIALS.tenantId);
  const ask = (form: Record<string, string>) =>
    fetch(endpoint(), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: EXAMPLE_CREDENTIALS.clientId,
        scope: `${crm.standIn.url}/.default`,
        ...form,
      }),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { error_description?: string; access_token?: string },
    }));

  it('runs a sync round, sending a signed assertion and no secret', async () => {
    const connector = connectorWith({ pem: registered.pem });
    await connector.connect();
    expect((await connector.syncNow()).failed).toEqual([]);
    const tokenRequest = crm.standIn.seen.find((r) => r.path.endsWith('/oauth2/v2.0/token'))!;
    const form = new URLSearchParams(String(tokenRequest.body));
    expect(form.get('client_assertion_type')).toBe(CLIENT_ASSERTION_TYPE);
    expect(form.has('client_secret')).toBe(false);
    const [header, claims] = form
      .get('client_assertion')!
      .split('.')
      .slice(0, 2)
      .map(
        (part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>,
      );
    expect(header).toMatchObject({ alg: 'PS256', typ: 'JWT' });
    expect(header!['x5t#S256']).toBe(readClientCertificate(registered.pem).thumbprintS256);
    expect(claims).toMatchObject({
      aud: endpoint(),
      iss: EXAMPLE_CREDENTIALS.clientId,
      sub: EXAMPLE_CREDENTIALS.clientId,
    });
    expect(Number(claims!.exp) - Number(claims!.nbf)).toBeLessThanOrEqual(600);
    expect(typeof claims!.jti).toBe('string');
  });

  it('names a certificate Entra ID does not know in the log', async () => {
    const connector = connectorWith({ pem: unregistered.pem });
    const round = await connector.syncNow();
    expect(round.failed.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain(
      'AADSTS700027: The certificate with identifier used to sign the client assertion is not registered on application.',
    );
  });

  it('refuses an expired assertion, another audience, a reused jti and a wrong secret', async () => {
    const own = readClientCertificate(registered.pem);
    const id = EXAMPLE_CREDENTIALS.clientId;
    const form = (assertion: string) => ({
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
    });
    const expired = await ask(
      form(await clientAssertion(own, id, endpoint(), Date.now() - 60 * 60_000)),
    );
    expect(expired.status).toBe(401);
    expect(expired.body.error_description).toMatch(
      /^AADSTS700024: Client assertion is not within its valid time range\./,
    );
    const elsewhere = await ask(
      form(await clientAssertion(own, id, 'https://login.microsoftonline.com/x/oauth2/v2.0/token')),
    );
    expect(elsewhere.body.error_description).toMatch(/^AADSTS50027: .*audience/);

    const once = await clientAssertion(own, id, endpoint());
    expect((await ask(form(once))).body.access_token).toEqual(expect.any(String));
    expect((await ask(form(once))).body.error_description).toMatch(/^AADSTS50027: .*already used/);

    const wrongSecret = clientCredentialsTokens({
      authority: crm.standIn.url,
      tenantId: EXAMPLE_CREDENTIALS.tenantId,
      clientId: id,
      clientSecret: 'not the secret',
      scope: `${crm.standIn.url}/.default`,
    });
    await expect(wrongSecret.get()).rejects.toThrow(
      /AADSTS7000215: Invalid client secret provided/,
    );
  });
});
