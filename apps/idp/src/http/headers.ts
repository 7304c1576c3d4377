import type { ServerResponse } from 'node:http';

/**
 * Headers on every response. The pages load only our stylesheet; forms post to the provider,
 * whose answer redirects to the portal (form-action follows redirects in Chromium). oidc-provider
 * adds a hash to `script-src` for its own self-submitting form page; our pages have no script.
 */
export function setSecurityHeaders(response: ServerResponse, webOrigin: string): void {
  response.setHeader(
    'content-security-policy',
    [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self'",
      `form-action 'self' ${webOrigin}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
  );
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('x-frame-options', 'DENY');
  // `same-origin`, not `no-referrer`: the latter would make the form posts' Origin header "null".
  response.setHeader('referrer-policy', 'same-origin');
}
