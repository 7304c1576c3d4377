import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * Fastify's `trustProxy` for the configured proxies (api and provider alike, decision 0016): a
 * number of hops trusts that many addresses from the connection's end of `X-Forwarded-For`, so
 * the client is the address the outermost of those proxies saw.
 */
export function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
