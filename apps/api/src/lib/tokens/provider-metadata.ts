import { z } from 'zod';

/** The provider could not be reached: not the caller's fault, so the api answers 503. */
export class IssuerUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The identity provider could not be reached', { cause });
    this.name = 'IssuerUnavailableError';
  }
}

const DiscoverySchema = z.object({
  issuer: z.string(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});
export type ProviderMetadata = z.infer<typeof DiscoverySchema>;

/** GETs a JSON document of the provider; anything but a 200 with JSON means it is unavailable. */
export async function fetchProviderJson(url: string | URL, init: RequestInit): Promise<unknown> {
  try {
    const response = await fetch(url, init);
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    return await response.json();
  } catch (error) {
    throw new IssuerUnavailableError(error);
  }
}

/**
 * The provider's metadata (OpenID Connect Discovery 1.0 §4), fetched once and shared by every
 * request; a failed fetch is retried by the next one. The document must name the configured
 * issuer exactly (§4.3).
 */
export function providerMetadata(issuer: string, timeoutMs: number) {
  let discovery: Promise<ProviderMetadata> | undefined;
  return function discover(): Promise<ProviderMetadata> {
    if (discovery) return discovery;
    const pending = (async () => {
      const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const body = await fetchProviderJson(url, { signal: AbortSignal.timeout(timeoutMs) });
      const parsed = DiscoverySchema.safeParse(body);
      if (!parsed.success)
        throw new IssuerUnavailableError(new Error('invalid discovery document'));
      if (parsed.data.issuer !== issuer) {
        throw new IssuerUnavailableError(new Error('discovery names another issuer'));
      }
      return parsed.data;
    })();
    discovery = pending;
    pending.catch(() => {
      if (discovery === pending) discovery = undefined;
    });
    return pending;
  };
}
