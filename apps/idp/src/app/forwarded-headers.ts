import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PageError } from './error-page.ts';

/** The Host values that name the issuer: its host, and with a default port also written out. */
function issuerHosts(issuer: URL): ReadonlySet<string> {
  const hosts = new Set([issuer.host]);
  if (issuer.port === '') {
    hosts.add(`${issuer.hostname}:${issuer.protocol === 'https:' ? 443 : 80}`);
  }
  return hosts;
}

/**
 * The provider answers only for its issuer (decisions 0016, 0023, 0024). Fastify decides with
 * `trustProxy` whose `X-Forwarded-*` headers count; a request whose host, so decided, is not the
 * issuer's is answered 404. oidc-provider (Koa, `proxy = true`) then sees one value each: the
 * client address Fastify decided, and the issuer's scheme and host — so its URLs are the
 * issuer's and its cookies are `Secure` exactly when the issuer is `https:`, whatever a proxy
 * sent.
 */
export const forwardedHeaders = fp(
  async (app: FastifyInstance, { issuer }: { issuer: string }) => {
    const origin = new URL(issuer);
    const hosts = issuerHosts(origin);
    app.addHook('onRequest', async (request) => {
      // Read both before the headers they come from change.
      const { ip, host } = request;
      if (!hosts.has(host.toLowerCase())) throw new PageError(404, 'notFound');
      const headers = request.raw.headers;
      headers['x-forwarded-for'] = ip;
      headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
      headers['x-forwarded-host'] = origin.host;
    });
  },
  { name: 'forwarded-headers' },
);
