import { HttpResponse } from 'msw';
import {
  calls,
  CompanyCreateSchema,
  CompanySchema,
  CompanyUpdateSchema,
  ConnectCompanySchema,
  customerNumberOf,
  SentRequestTargetSchema,
  type Company as PracticeDetails,
  type Customer,
  type SentRequest,
} from '@pp/contract';
import { onCall } from './call-handler.ts';
import { demoEntitlements, demoPractices } from './demo-practices.ts';
import { problem } from './problem.ts';

const accepted = () => HttpResponse.json({ status: 'accepted' }, { status: 202 });

/** Where the fake keeps the signed-in customer (`fakeAccount`'s state), to add memberships. */
interface CustomerHolder {
  customer: Customer;
}

/**
 * The api's Company calls with memory: they change the practices and the customer's
 * memberships as the api does, so the next loads answer the new state. Bodies are kept.
 */
export function fakePractices(holder: CustomerHolder) {
  const state = {
    practices: [...demoPractices],
    creates: [] as unknown[],
    connects: [] as unknown[],
    updates: [] as unknown[],
    /** Requests to join as the api shows them to the requester: only what was typed. */
    sentRequests: [] as SentRequest[],
  };
  let next = 10;
  const membershipOf = (id: string) =>
    holder.customer.associatedCompanies.companyVms.find((vm) => vm.companyId === id);
  const withRole = (practice: PracticeDetails) => ({
    ...practice,
    role: membershipOf(practice.companyId)?.role ?? 'member',
  });
  const byId = (id: string | null) => state.practices.find((p) => p.companyId === id);
  const replace = (changed: PracticeDetails) => {
    state.practices = state.practices.map((p) => (p.companyId === changed.companyId ? changed : p));
    holder.customer = {
      ...holder.customer,
      associatedCompanies: {
        companyVms: holder.customer.associatedCompanies.companyVms.map((vm) =>
          vm.companyId === changed.companyId
            ? {
                ...vm,
                name: changed.name,
                status: changed.status,
                postalCode: changed.postalCode,
                city: changed.city,
              }
            : vm,
        ),
      },
    };
    return HttpResponse.json(withRole(changed));
  };
  const join = (practice: PracticeDetails, role: 'member' | 'superadmin', status: 'enabled') => {
    const { companyId, customerNumber, name, postalCode, city } = practice;
    holder.customer = {
      ...holder.customer,
      companyId: holder.customer.companyId ?? (status === 'enabled' ? companyId : null),
      associatedCompanies: {
        companyVms: [
          ...holder.customer.associatedCompanies.companyVms,
          {
            companyId,
            customerNumber,
            name,
            postalCode,
            city,
            status: practice.status,
            role,
            membershipStatus: status,
          },
        ],
      },
    };
  };
  const idFrom = (request: Request) => new URL(request.url).searchParams.get('companyId');

  const reads = [
    onCall(calls.companyGetCompany, ({ request }) => {
      const found = byId(idFrom(request));
      return found ? HttpResponse.json(withRole(found)) : problem(404, 'not_found');
    }),
    onCall(calls.companyCheckEntitlements, ({ request }) =>
      byId(idFrom(request)) ? HttpResponse.json(demoEntitlements) : problem(404, 'not_found'),
    ),
    onCall(calls.companyGetSentRequests, () => HttpResponse.json(state.sentRequests)),
  ];
  const writes = [
    onCall(calls.companyCreateCompany, async ({ request }) => {
      const body: unknown = await request.json();
      state.creates.push(body);
      const { confirmDuplicate, ...fields } = CompanyCreateSchema.parse(body);
      const duplicate = state.practices.some(
        (p) =>
          p.name.toLowerCase() === fields.name.toLowerCase() && p.postalCode === fields.postalCode,
      );
      if (duplicate && !confirmDuplicate) return problem(409, 'possible_duplicate');
      const created = CompanySchema.parse({
        phone: null,
        email: null,
        website: null,
        ...fields,
        companyId: `00000000-0000-4000-8000-0000000000${next++}`,
        customerNumber: customerNumberOf(String(next).padStart(9, '0')),
        status: 'enabled',
        requiresSecondFactor: false,
        role: 'superadmin',
      });
      state.practices.push(created);
      join(created, 'superadmin', 'enabled');
      return HttpResponse.json(created, { status: 201 });
    }),
    onCall(calls.companyConnectExistingCompany, async ({ request }) => {
      const body: unknown = await request.json();
      state.connects.push(body);
      const { customerNumber, postalCode } = ConnectCompanySchema.parse(body);
      // A right pair and a wrong one alike: the request shows only as typed (decision 0052).
      const known = state.sentRequests.some(
        (sent) => sent.customerNumber === customerNumber && sent.postalCode === postalCode,
      );
      if (!known) {
        state.sentRequests.push({
          requestId: `00000000-0000-4000-9000-0000000000${next++}`,
          customerNumber,
          postalCode,
          requestedAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        });
      }
      return accepted();
    }),
    onCall(calls.companyWithdrawSentRequest, async ({ request }) => {
      const { requestId } = SentRequestTargetSchema.parse(await request.json());
      const before = state.sentRequests.length;
      state.sentRequests = state.sentRequests.filter((sent) => sent.requestId !== requestId);
      return before === state.sentRequests.length
        ? problem(404, 'not_found')
        : HttpResponse.json({ status: 'accepted' });
    }),
    onCall(calls.companyUpdateCompany, async ({ request }) => {
      const body: unknown = await request.json();
      state.updates.push(body);
      const { companyId, ...changes } = CompanyUpdateSchema.parse(body);
      const found = byId(companyId);
      return found ? replace({ ...found, ...changes }) : problem(404, 'not_found');
    }),
    onCall(calls.companyDisableCompany, ({ request }) => {
      const found = byId(idFrom(request));
      return found ? replace({ ...found, status: 'disabled' }) : problem(404, 'not_found');
    }),
    onCall(calls.companyEnableCompany, ({ request }) => {
      const found = byId(idFrom(request));
      return found ? replace({ ...found, status: 'enabled' }) : problem(404, 'not_found');
    }),
  ];

  return { state, reads, handlers: [...reads, ...writes] };
}
