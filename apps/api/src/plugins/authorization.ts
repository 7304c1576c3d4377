import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, FieldErrorCode, type CallAccess, type PracticeAccess } from '@pp/contract';
import { linkOnFirstSignIn } from '../lib/customers/first-sign-in.ts';
import { findLinkedCustomer, type CustomerRow } from '../lib/customers/linked-customer.ts';
import {
  enabledMembership,
  hasRole,
  type PracticeMembership,
} from '../lib/authorization/memberships.ts';
import type { LocationRow } from '../lib/locations/location.ts';
import { practiceOf } from '../lib/practices/practice-of.ts';
import { ApiError } from '../lib/http/problem.ts';
import { hasSecondFactor } from '../lib/tokens/second-factor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer; set before the handler of a `customer` or practice call. */
    customer: CustomerRow | null;
    /** The caller's membership of the practice the request names; set for practice calls. */
    membership: PracticeMembership | null;
    /**
     * The location a call names by `target: 'location'`, as the authorization read it: the
     * handler acts on this version rather than reading it again (decision 0053).
     */
    location: LocationRow | null;
  }
  interface FastifyInstance {
    /** Enforces a call's declared access (after authentication and validation). */
    authorize(request: FastifyRequest, access: CallAccess): Promise<void>;
  }
}

/** The value of `query.x` or `body.x` of a validated request. */
function parameter(request: FastifyRequest, from: string): unknown {
  const [part, field = ''] = from.split('.', 2);
  const source: unknown = part === 'query' ? request.query : request.body;
  if (typeof source !== 'object' || source === null || !Object.hasOwn(source, field)) {
    return undefined;
  }
  return (source as Record<string, unknown>)[field];
}

/** The caller's customer: linked to their identity, or linked on its first sign-in. */
async function customerOf(request: FastifyRequest): Promise<CustomerRow> {
  const { issuer, subject } = request.token!;
  const customer =
    (await findLinkedCustomer(request.server.db, issuer, subject)) ??
    (await linkOnFirstSignIn(request));
  const { crm } = request.server;
  if (!crm?.refreshDue(customer.id)) return customer;
  // With a CRM, the person's own record is read again when they come (at most once a sync
  // interval): a change made in the CRM shows at once. A CRM that does not answer within a
  // second does not hold them up; the mirror answers (decision 0061).
  const fresh = await Promise.race([
    crm.refreshPerson(customer.id).then(
      () => true,
      (error: unknown) => {
        request.log.warn({ err: error }, 'the CRM did not answer with the record of the person');
        return false;
      },
    ),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000).unref()),
  ]);
  return fresh
    ? ((await findLinkedCustomer(request.server.db, issuer, subject)) ?? customer)
    : customer;
}

/** Whether the call acts on the caller themself (`orSelf`): then any role is enough. */
function actsOnSelf(request: FastifyRequest, customer: CustomerRow, access: PracticeAccess) {
  return access.orSelf !== undefined && parameter(request, access.orSelf) === customer.id;
}

/**
 * The membership the declaration asks for. A practice the caller is not connected to (or an id
 * that names nothing) answers 404, identical to a random id; a role too small answers 403.
 */
async function membershipFor(
  request: FastifyRequest,
  customer: CustomerRow,
  access: PracticeAccess,
): Promise<PracticeMembership> {
  const id = parameter(request, access.from);
  if (typeof id !== 'string') {
    throw ApiError.badRequest([{ field: access.from, code: FieldErrorCode.required }]);
  }
  const practice = await practiceOf(request.server.db, access.target ?? 'practice', id);
  const membership =
    practice && (await enabledMembership(request.server.db, customer.id, practice.companyId));
  if (!membership) throw ApiError.notFound();
  request.location = practice.location;
  // Before the role: a member learns that the practice wants a second factor, not that a role
  // is missing; someone outside it learns nothing (404 above). Decision 0069.
  if (
    membership.requiresSecondFactor &&
    access.withoutSecondFactor !== 'allowed' &&
    !hasSecondFactor(request.token!.claims, request.server.config.oidc.secondFactor)
  ) {
    throw new ApiError(403, ErrorCode.secondFactorRequired);
  }
  if (!hasRole(membership.role, access.role) && !actsOnSelf(request, customer, access)) {
    throw ApiError.forbidden();
  }
  const reads = request.method === 'GET' || request.method === 'HEAD';
  if (membership.companyStatus === 'disabled' && !reads && access.whileDisabled !== 'allowed') {
    throw new ApiError(409, ErrorCode.practiceDisabled);
  }
  return membership;
}

/**
 * Authorization as a plugin before the handler: the customer and the membership a call's
 * declaration asks for (and the location it names) are looked up once and put on the request. Handlers never check the
 * caller's role again; what depends on the person acted on is `lib/authorization/policy.ts`,
 * and a call that changes memberships re-checks the role under the practice's lock
 * (`lib/authorization/recheck.ts`, decision 0045).
 */
export const authorizationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('customer', null);
    app.decorateRequest('membership', null);
    app.decorateRequest('location', null);
    app.decorate('authorize', async (request: FastifyRequest, access: CallAccess) => {
      if (access !== 'customer' && typeof access !== 'object') return;
      const customer = await customerOf(request);
      request.customer = customer;
      if (typeof access === 'object') {
        request.membership = await membershipFor(request, customer, access.practice);
      }
    });
  },
  { name: 'authorization', dependencies: ['auth'] },
);
