import { http, HttpResponse } from 'msw';
import {
  API_BASE,
  CompanyBodySchema,
  MembershipTargetSchema,
  type Customer,
  type MyInvitation,
} from '@pp/contract';
import { problem } from './problem.ts';

const path = (call: string) => `*${API_BASE}/${call}`;
const done = () => HttpResponse.json({ status: 'done' });

interface CustomerHolder {
  customer: Customer;
}

/**
 * The signed-in customer's own membership calls with memory: their pending invitations
 * (accepted, declined), leaving a practice and choosing the primary one change the customer's
 * data as the api does. Bodies are kept per call.
 */
export function fakeMemberships(holder: CustomerHolder) {
  const state = { invitations: [] as MyInvitation[], bodies: {} as Record<string, unknown[]> };
  const keep = (call: string, body: unknown) => (state.bodies[call] ??= []).push(body);
  const vms = () => holder.customer.associatedCompanies.companyVms;
  const setVms = (companyVms: Customer['associatedCompanies']['companyVms']) => {
    holder.customer = { ...holder.customer, associatedCompanies: { companyVms } };
  };
  const answer = (call: string, act: (companyId: string) => Response | undefined) =>
    http.post(path(call), async ({ request }) => {
      const body: unknown = await request.json();
      keep(call, body);
      return act(CompanyBodySchema.parse(body).companyId) ?? done();
    });

  const handlers = [
    http.get(path('Employee/GetMyInvitations'), () => HttpResponse.json(state.invitations)),
    answer('Employee/AcceptInvitation', (companyId) => {
      const invitation = state.invitations.find((entry) => entry.companyId === companyId);
      if (!invitation) return problem(404, 'not_found');
      if (invitation.expired) return problem(410, 'invitation_expired');
      state.invitations = state.invitations.filter((entry) => entry !== invitation);
      setVms([
        ...vms().filter((vm) => vm.companyId !== companyId),
        {
          companyId,
          customerNumber: null,
          name: invitation.practiceName,
          postalCode: null,
          city: invitation.city,
          status: 'enabled',
          role: invitation.role,
          membershipStatus: 'enabled',
        },
      ]);
      holder.customer = { ...holder.customer, companyId: holder.customer.companyId ?? companyId };
      return undefined;
    }),
    answer('Employee/DeclineInvitation', (companyId) => {
      state.invitations = state.invitations.filter((entry) => entry.companyId !== companyId);
      setVms(vms().filter((vm) => vm.companyId !== companyId));
      return undefined;
    }),
    answer('Employee/LeavePractice', (companyId) => {
      setVms(vms().filter((vm) => vm.companyId !== companyId));
      if (holder.customer.companyId === companyId) {
        holder.customer = { ...holder.customer, companyId: vms()[0]?.companyId ?? null };
      }
      return undefined;
    }),
    http.post(path('Employee/ChangePrimaryCompany'), async ({ request }) => {
      const body: unknown = await request.json();
      keep('Employee/ChangePrimaryCompany', body);
      holder.customer = {
        ...holder.customer,
        companyId: MembershipTargetSchema.parse(body).companyId,
      };
      return done();
    }),
  ];
  return { state, handlers };
}
