import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@pp/contract';

/** The one page of the web app that the provider's silent renew loads in a frame of our origin. */
export const SILENT_CALLBACK_PATH = '/silent-callback.html';

export interface SecurityOptions {
  /** Origin of the identity provider: the web app talks to it and frames it for silent renew. */
  issuerOrigin: string;
  /** Send HSTS (only meaningful over https). */
  hsts: boolean;
}

/**
 * Security headers: a strict Content-Security-Policy without inline scripts, HSTS, nosniff,
 * no framing except the silent-callback page by our own origin, and no caching of api answers.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets CSS variables in style attributes; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", options.issuerOrigin],
          frameSrc: [options.issuerOrigin],
          frameAncestors: ["'none'"],
          formAction: ["'self'", options.issuerOrigin],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
        },
      },
      strictTransportSecurity: options.hsts
        ? { maxAge: 63_072_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const path = request.url.split('?')[0] ?? '';
      if (path === SILENT_CALLBACK_PATH) {
        const csp = String(reply.getHeader('content-security-policy') ?? '');
        void reply.header(
          'content-security-policy',
          csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        );
        void reply.header('x-frame-options', 'SAMEORIGIN');
      }
      if (path.startsWith(API_BASE) || path.startsWith('/dev/')) {
        void reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security' },
);
