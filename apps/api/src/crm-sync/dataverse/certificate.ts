import {
  createHash,
  createPrivateKey,
  randomUUID,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignJWT } from 'jose';

// Certificate credentials (Microsoft Learn: "Microsoft identity platform application
// authentication certificate credentials",
// https://learn.microsoft.com/entra/identity-platform/certificate-credentials): instead of a
// client secret, the token request carries a JWT the application signs with its certificate's
// private key (RFC 7523), `client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer`.
// Header: alg PS256 ("Use PSS padding"), typ JWT, `x5t#S256` (base64url SHA-256 of the
// certificate's DER). Claims: aud the token endpoint, iss = sub the client id, a new jti, nbf and
// iat now, exp five minutes later.

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** "keep it short - 5-10 minutes after nbf at most" */
const ASSERTION_SECONDS = 5 * 60;

export interface ClientCertificate {
  /** `x5t#S256`: base64url SHA-256 of the certificate's DER, as Entra ID lists it. */
  thumbprintS256: string;
  /** SHA-1 thumbprint in hex, as the Entra admin center shows it (for messages). */
  thumbprint: string;
  privateKey: KeyObject;
  validTo: Date;
}

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g;

/**
 * DATAVERSE_CLIENT_CERTIFICATE: the PEM text itself (it starts with `-----BEGIN`) or the path of
 * a PEM file, holding the certificate and its unencrypted private key (RSA, as Entra ID takes).
 * Throws an Error saying what is wrong; the key never appears in it.
 */
export function readClientCertificate(value: string, now = new Date()): ClientCertificate {
  let pem = value;
  if (!value.trimStart().startsWith('-----BEGIN')) {
    try {
      pem = readFileSync(value, 'utf8');
    } catch (error) {
      throw new Error(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  const blocks = [...pem.matchAll(BLOCK)].map(([text, kind]) => ({ text, kind: kind! }));
  const certificates = blocks.filter((block) => block.kind === 'CERTIFICATE');
  const keys = blocks.filter((block) => block.kind.endsWith('PRIVATE KEY'));
  if (certificates.length === 0) throw new Error('holds no certificate (BEGIN CERTIFICATE)');
  if (keys.length === 0) throw new Error('holds no private key (BEGIN PRIVATE KEY)');
  if (keys[0]!.kind.includes('ENCRYPTED')) {
    throw new Error('holds an encrypted private key: give it unencrypted, protected by the file');
  }
  // The first certificate is the application's; any after it are its chain.
  const certificate = new X509Certificate(certificates[0]!.text);
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(keys[0]!.text);
  } catch {
    throw new Error('holds a private key that cannot be read');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new Error(`holds a ${privateKey.asymmetricKeyType ?? 'non-RSA'} key: Entra ID takes RSA`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new Error("holds a private key that is not the certificate's");
  }
  const validTo = new Date(certificate.validTo);
  if (validTo <= now)
    throw new Error(`holds a certificate that expired on ${validTo.toISOString()}`);
  return {
    thumbprintS256: createHash('sha256').update(certificate.raw).digest('base64url'),
    thumbprint: certificate.fingerprint.replaceAll(':', ''),
    privateKey,
    validTo,
  };
}

/** A client assertion for one token request at `endpoint`. */
export function clientAssertion(
  certificate: ClientCertificate,
  clientId: string,
  endpoint: string,
  nowMs = Date.now(),
): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'PS256', typ: 'JWT', 'x5t#S256': certificate.thumbprintS256 })
    .setAudience(endpoint)
    .setIssuer(clientId)
    .setSubject(clientId)
    .setJti(randomUUID())
    .setNotBefore(now)
    .setIssuedAt(now)
    .setExpirationTime(now + ASSERTION_SECONDS)
    .sign(certificate.privateKey);
}
