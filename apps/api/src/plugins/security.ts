import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The one page of the web app that silent renew loads in a hidden frame of our own origin. */
export const SILENT_CALLBACK_PATH = '/silent-callback.html';

export interface SecurityOptions {
  /** Origin of the identity provider: the web app calls it and frames it for silent renew. */
  issuerOrigin: string;
  /** Send HSTS (browsers honour it over https only). */
  hsts: boolean;
  /** Other origins the pages show images from: the operator's logo (`LOGO_URL`). */
  imageOrigins?: readonly string[];
  /**
   * The operator's logo when it is a path of the portal (`LOGO_URL=/…`): the provider's pages,
   * on another origin, show it too, so it may be loaded cross-origin.
   */
  logoPath?: string | undefined;
}

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0] ?? '/';
}

function framableBySelf(url: string | undefined): boolean {
  return pathOf(url) === SILENT_CALLBACK_PATH;
}

/** Answers that carry personal data and must never be stored by a browser or proxy. */
function neverStored(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/dev/');
}

/**
 * The headers helmet sets on the answer to `url`, taken once: helmet's middleware validates its
 * options and writes each header with `setHeader` on every call (issue 13, decision 0041).
 */
function headersOf(setHeaders: ReturnType<typeof helmet>, url: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  setHeaders(
    { url } as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * Security headers (decision 0006): a Content-Security-Policy without inline or evaluated
 * scripts, HSTS, nosniff, no referrer, no framing except the silent-callback page by our own
 * origin, and `no-store` on every api answer, errors included. The headers are computed once, at
 * start, for the two kinds of page (decision 0041).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    const issuer = options.issuerOrigin;
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          // Mantine writes style attributes; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', ...(options.imageOrigins ?? [])],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", issuer],
          // Silent renew frames the provider, which redirects the frame back to our callback.
          frameSrc: ["'self'", issuer],
          frameAncestors: [
            (request: IncomingMessage) => (framableBySelf(request.url) ? "'self'" : "'none'"),
          ],
          formAction: ["'self'", issuer],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
        },
      },
      strictTransportSecurity: options.hsts
        ? { maxAge: 63_072_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      // Set below, per page, in step with frame-ancestors (for browsers without CSP level 2).
      xFrameOptions: false,
      referrerPolicy: { policy: 'no-referrer' },
    });

    // Only frame-ancestors depends on the request, and only on whether it is the callback page.
    const framable = {
      ...headersOf(setHeaders, SILENT_CALLBACK_PATH),
      'x-frame-options': 'SAMEORIGIN',
    };
    const unframable = { ...headersOf(setHeaders, '/'), 'x-frame-options': 'DENY' };
    app.addHook('onRequest', (request, reply, done) => {
      void reply.headers(framableBySelf(request.url) ? framable : unframable);
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      // The matched route as well as the raw path: the router decodes `/%64ev/` to `/dev/`.
      const route = request.routeOptions.url;
      if (neverStored(request.url) || (route !== undefined && neverStored(route)))
        void reply.header('cache-control', 'no-store');
      if (options.logoPath !== undefined && pathOf(request.url) === options.logoPath) {
        void reply.header('cross-origin-resource-policy', 'cross-origin');
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);
