import { HttpResponse } from 'msw';
import {
  calls,
  CompanyBodySchema,
  MembershipTargetSchema,
  type CallDefinition,
  type Customer,
  type MyInvitation,
} from '@pp/contract';
import { callName, onCall } from './call-handler.ts';
import { problem } from './problem.ts';

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
  const keep = (call: CallDefinition, body: unknown) =>
    (state.bodies[callName(call)] ??= []).push(body);
  const vms = () => holder.customer.associatedCompanies.companyVms;
  const setVms = (companyVms: Customer['associatedCompanies']['companyVms']) => {
    holder.customer = { ...holder.customer, associatedCompanies: { companyVms } };
  };
  const answer = (call: CallDefinition, act: (companyId: string) => Response | undefined) =>
    onCall(call, async ({ request }) => {
      const body: unknown = await request.json();
      keep(call, body);
      return act(CompanyBodySchema.parse(body).companyId) ?? done();
    });

  const handlers = [
    onCall(calls.employeeGetMyInvitations, () => HttpResponse.json(state.invitations)),
    answer(calls.employeeAcceptInvitation, (companyId) => {
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
    answer(calls.employeeDeclineInvitation, (companyId) => {
      state.invitations = state.invitations.filter((entry) => entry.companyId !== companyId);
      setVms(vms().filter((vm) => vm.companyId !== companyId));
      return undefined;
    }),
    answer(calls.employeeLeavePractice, (companyId) => {
      setVms(vms().filter((vm) => vm.companyId !== companyId));
      if (holder.customer.companyId === companyId) {
        holder.customer = { ...holder.customer, companyId: vms()[0]?.companyId ?? null };
      }
      return undefined;
    }),
    onCall(calls.employeeChangePrimaryCompany, async ({ request }) => {
      const body: unknown = await request.json();
      keep(calls.employeeChangePrimaryCompany, body);
      holder.customer = {
        ...holder.customer,
        companyId: MembershipTargetSchema.parse(body).companyId,
      };
      return done();
    }),
  ];
  return { state, handlers };
}
