import type { FastifyRequest } from 'fastify';

/**
 * A cookie of the provider's own by its base name: over https with the `__Host-` prefix, which
 * also keeps a sibling subdomain from setting it.
 */
export function hostCookieName(issuer: string, base: string): string {
  return issuer.startsWith('https:') ? `__Host-${base}` : base;
}

/** The value of the request's cookie `name`, if it sent one. */
export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
