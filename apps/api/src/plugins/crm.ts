import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcceptCrmOrganisationSchema,
  AcceptedCrmOrganisationSchema,
  OperatorRefusalSchema,
} from '@pp/contract';
import type { CrmConnector } from '../crm-sync/connector.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connected CRM; null without one: the portal's tables are the record (decision 0061). */
    crm: CrmConnector | null;
  }
}

export interface CrmPluginOptions {
  crm: CrmConnector | null;
  /** `OPERATOR_TOKEN`; null: the operator endpoints answer 404. */
  operatorToken: string | null;
}

/**
 * Whether the request carries the operator's bearer token (compared in constant time). The
 * scheme's name is case-insensitive (RFC 7235 §2.1): `bearer <token>` is the same.
 */
function isOperator(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * The CRM connector for the routes, and the operator's view of it (`docs/operations.md`):
 * `GET /operator/crm` (health), `POST /operator/crm/sync` and `POST /operator/crm/picklists`
 * (now rather than at the next round), and `POST /operator/crm/organisation`
 * (`{ "accept": "<id>" }`: the organisation the health shows as `seen`, or the kept one again,
 * when another organisation answered; `crm-sync/organisation.ts`). Not public: not in the
 * OpenAPI document, without `OPERATOR_TOKEN` they do not exist, and they answer 401 without the
 * token. Their bodies' schemas are the contract's (`operator.ts`).
 */
export const crmPlugin = fp(
  async (app: FastifyInstance, options: CrmPluginOptions) => {
    const { crm, operatorToken } = options;
    app.decorate('crm', crm);
    if (operatorToken === null) return;
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isOperator(request, operatorToken)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="operator"')
          .send({ error: 'the operator token is missing or wrong' });
      }
    };
    const hide = { schema: { hide: true }, onRequest: guard };
    app.get('/operator/crm', hide, async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return crm ? await crm.health() : { provider: 'builtin', state: 'ok' };
    });
    app.post('/operator/crm/sync', hide, async (_request, reply) => {
      if (!crm) return reply.code(409).send({ error: 'no CRM is connected' });
      return { sync: await crm.syncNow(), outbox: await crm.pushNow() };
    });
    app.post('/operator/crm/picklists', hide, async (_request, reply) => {
      if (!crm) return reply.code(409).send({ error: 'no CRM is connected' });
      return { values: await crm.refreshPicklists() };
    });
    app.withTypeProvider<ZodTypeProvider>().post(
      '/operator/crm/organisation',
      {
        schema: {
          hide: true,
          body: AcceptCrmOrganisationSchema,
          response: {
            200: AcceptedCrmOrganisationSchema,
            401: OperatorRefusalSchema,
            409: OperatorRefusalSchema,
          },
        },
        onRequest: guard,
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        if (!crm) return reply.code(409).send({ error: 'no CRM is connected' });
        const outcome = await crm.acceptOrganisation(request.body.accept);
        if ('refused' in outcome) return reply.code(409).send({ error: outcome.refused });
        return outcome;
      },
    );
  },
  { name: 'crm' },
);
