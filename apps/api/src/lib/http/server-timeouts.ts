/**
 * Timeouts of an HTTP server (the api's and the provider's), so a request that never finishes
 * cannot hold a connection (security finding 5, decision 0022):
 * - the whole request, headers and body, within `requestSeconds` (else 408 and the connection
 *   closes), checked every second;
 * - its headers within 10 seconds (or the request timeout, if shorter);
 * - an idle kept-alive connection closes after 72 seconds, longer than the 60 seconds most
 *   proxies keep theirs, so a proxy never reuses a connection the server is closing.
 */
export function serverTimeouts(requestSeconds: number) {
  const requestTimeout = requestSeconds * 1000;
  return {
    requestTimeout,
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: Math.min(10_000, requestTimeout),
      connectionsCheckingInterval: 1_000,
    },
  };
}
