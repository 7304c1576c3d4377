import type { FastifyReply, FastifyRequest } from 'fastify';

declare const sent: unique symbol;

/**
 * What a page's step answers once its page or redirect went out on the reply: a token, never the
 * reply itself. A Fastify reply is thenable, and awaiting it — or a promise of it — gives
 * `undefined`: a step that answered the reply looked to its caller as if it had sent nothing, and
 * the caller went on (the code page went out and the sign-in finished anyway, issue 41). The
 * lint rule `local/no-promise-of-thenable` (eslint-rules/) refuses a promise of a reply.
 */
export type Sent = { readonly [sent]: true };

export const SENT = Object.freeze({}) as Sent;

export type PageStep = (request: FastifyRequest, reply: FastifyReply) => Sent | Promise<Sent>;

/** Fastify's handler of a page's step: the reply goes back to Fastify, which waits for it. */
export function pageHandler(step: PageStep) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await step(request, reply);
    // Fastify's rule for an async handler that sent: answer the reply, which Fastify waits for.
    return reply;
  };
}
