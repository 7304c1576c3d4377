import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { INLINE_STYLES_SOURCE } from '../pages/assets.ts';

/**
 * Headers on every answer, oidc-provider's own included: helmet writes them to the raw response
 * before anything else, and oidc-provider keeps them. The pages carry our stylesheet, load our
 * scripts (sign-out, recovery codes, passkeys, which also fetch from the provider itself) and the
 * operator's logo; forms post to the provider, whose answer redirects to the portal (form-action
 * follows redirects in Chromium). oidc-provider adds a hash to `script-src` for its own
 * self-submitting form page (`response_mode=form_post`), so that directive must be present.
 */
export const securityHeaders = fp(
  async (
    app: FastifyInstance,
    { webOrigin, logoUrl }: { webOrigin: string; logoUrl?: string | undefined },
  ) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          scriptSrc: ["'self'"],
          // The passkey script's requests for a ceremony's options, to the provider only (0071).
          connectSrc: ["'self'"],
          // The stylesheet the pages carry, by its hash (decision 0087), and the file.
          styleSrc: ["'self'", INLINE_STYLES_SOURCE],
          // The operator's logo (LOGO_URL), which may live on the portal or elsewhere.
          imgSrc: ["'self'", ...(logoUrl ? [new URL(logoUrl).origin] : [])],
          formAction: ["'self'", webOrigin],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
        },
      },
      xFrameOptions: { action: 'deny' },
      // `same-origin`, not `no-referrer`: the latter would make the form posts' Origin header "null".
      referrerPolicy: { policy: 'same-origin' },
      // Helmet's other defaults stay off: the portal reads these answers from its own origin, and
      // the policy is the one decision 0010 describes.
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: false,
      originAgentCluster: false,
      strictTransportSecurity: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    });
  },
  { name: 'security-headers' },
);
