import { BlockList, isIP } from 'node:net';
import type { onRequestHookHandler } from 'fastify';
import type { Config } from '../config.ts';

/** `TRUST_PROXY`'s names, as Fastify's proxy-addr reads them. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * Whether a connection from `address` is one of the proxies `TRUST_PROXY` trusts, as Fastify
 * decides for `X-Forwarded-For`: none (`false`); any (a number of hops: the connection's end is
 * the nearest proxy); or one of the listed addresses and ranges (IPv4-mapped IPv6 included).
 */
export function trustedPeer(trust: Config['trustProxy']): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (address) => address !== undefined;
  const trusted = new BlockList();
  const entries = trust.split(',').map((entry) => entry.trim());
  for (const entry of entries.flatMap((name) => NAMED_RANGES[name] ?? [name])) {
    const [address = '', prefix] = entry.split('/');
    if (prefix === undefined) trusted.addAddress(address, familyOf(address));
    else trusted.addSubnet(address, Number(prefix), familyOf(address));
  }
  return (address) =>
    address !== undefined && isIP(address) !== 0 && trusted.check(address, familyOf(address));
}

/** The W3C trace context and baggage a request may carry. */
const TRACE_HEADERS = ['traceparent', 'tracestate', 'baggage'];

/**
 * An `onRequest` hook for before the call's span starts: the trace context of a request that did
 * not come through a trusted proxy is dropped, so the call starts a trace of its own (issue 45).
 * A client's header would otherwise join a trace of its choosing, with that id in the logs, and
 * its sampled flag would have the call traced whatever `OTEL_TRACES_SAMPLER` says.
 */
export function untrustedTraceContextDropped(trust: Config['trustProxy']): onRequestHookHandler {
  const trusted = trustedPeer(trust);
  return (request, _reply, next) => {
    if (!trusted(request.socket.remoteAddress)) {
      for (const header of TRACE_HEADERS) delete request.headers[header];
    }
    next();
  };
}
