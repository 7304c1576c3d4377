import { createHash, X509Certificate } from 'node:crypto';
import { compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';

// Certificate credentials as the Microsoft identity platform checks them (Microsoft Learn:
// "Microsoft identity platform application authentication certificate credentials",
// https://learn.microsoft.com/entra/identity-platform/certificate-credentials, and the client
// credentials flow's "Second case: Access token request with a certificate",
// https://learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow): a JWT
// signed by a certificate registered for the application, found by its `x5t#S256` (or `x5t`)
// header, with aud the token endpoint, iss = sub the client id, a time range that holds now,
// and a jti. The refusals carry the codes of "Microsoft Entra authentication and authorization
// error codes" (https://learn.microsoft.com/entra/identity-platform/reference-error-codes):
// AADSTS700027 for a certificate that is not registered or a signature that does not verify,
// AADSTS700024 for an assertion outside its time range, AADSTS50027 (InvalidJwtToken) for an
// unexpected audience, subject or a missing or reused jti.

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** Entra ID's tolerance for clocks that differ. */
const SKEW_SECONDS = 5 * 60;

interface Registered {
  thumbprintS256: string;
  thumbprintSha1: string;
  certificate: X509Certificate;
}

export type AssertionRefusal = { code: number; description: string };

export class ClientAssertions {
  private readonly registered: Registered[];
  /** jti -> when its assertion expires; a jti is taken once. */
  private readonly used = new Map<string, number>();

  constructor(certificates: readonly string[]) {
    this.registered = certificates.map((pem) => {
      const certificate = new X509Certificate(pem);
      return {
        certificate,
        thumbprintS256: createHash('sha256').update(certificate.raw).digest('base64url'),
        thumbprintSha1: createHash('sha1').update(certificate.raw).digest('base64url'),
      };
    });
  }

  /** The client id the assertion authenticates, or why it does not. */
  async verify(
    assertion: string,
    clientId: string,
    tenant: string,
    endpoint: string,
  ): Promise<{ clientId: string } | AssertionRefusal> {
    const malformed = (why: string) => ({
      code: 50027,
      description: `JWT token is invalid or malformed. ${why}`,
    });
    let header: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      header = decodeProtectedHeader(assertion) as Record<string, unknown>;
      claims = decodeJwt(assertion);
    } catch {
      return malformed('The client assertion is not a JWT.');
    }
    const thumbprint = header['x5t#S256'] ?? header.x5t;
    const key = this.registered.find(
      (r) => r.thumbprintS256 === thumbprint || r.thumbprintSha1 === thumbprint,
    );
    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    const application = clientId || subject;
    if (!key) {
      return {
        code: 700027,
        description: `The certificate with identifier used to sign the client assertion is not registered on application. [Reason - The key was not found., Thumbprint of key used by client: '${String(thumbprint)}', Please visit the Azure Portal, Graph Explorer or directly use MS Graph to see configured keys for app Id '${application}'. Review the documentation at https://docs.microsoft.com/en-us/graph/deployments to determine the corresponding service endpoint and https://docs.microsoft.com/en-us/graph/api/application-get?view=graph-rest-1.0&tabs=http to build a query request URL, such as 'https://graph.microsoft.com/beta/applications/${application}']`,
      };
    }
    try {
      await compactVerify(assertion, key.certificate.publicKey, {
        algorithms: ['PS256', 'RS256'],
      });
    } catch {
      return { code: 700027, description: 'Client assertion failed signature validation.' };
    }
    const now = Math.floor(Date.now() / 1000);
    const nbf = Number(claims.nbf ?? claims.iat ?? 0);
    const exp = Number(claims.exp ?? 0);
    if (!(exp > now - SKEW_SECONDS) || nbf > now + SKEW_SECONDS) {
      const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
      return {
        code: 700024,
        description: `Client assertion is not within its valid time range. Current time: ${iso(now)}, assertion valid from ${iso(nbf)}, expiry time of assertion ${iso(exp)}. Review the documentation at https://docs.microsoft.com/azure/active-directory/develop/active-directory-certificate-credentials .`,
      };
    }
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (audiences.length !== 1 || audiences[0] !== endpoint) {
      return malformed(
        `The audience of the client assertion is not the token endpoint of tenant '${tenant}' (${endpoint}).`,
      );
    }
    if (subject !== claims.iss || !subject || (clientId && subject !== clientId)) {
      return malformed("The client assertion's iss and sub must both be the client_id.");
    }
    const jti = claims.jti;
    for (const [seen, until] of this.used) if (until < now) this.used.delete(seen);
    if (typeof jti !== 'string' || !jti) return malformed('The client assertion has no jti.');
    if (this.used.has(jti)) {
      return malformed(`The client assertion with jti '${jti}' was already used.`);
    }
    this.used.set(jti, exp);
    return { clientId: subject };
  }
}
