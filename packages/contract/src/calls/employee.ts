import { z } from 'zod';
import { defineCall } from '../call.ts';
import { IdSchema } from '../customer.ts';
import {
  ChangeRoleSchema,
  CompanyBodySchema,
  DoneSchema,
  EmployeeLocationsSchema,
  EmployeeSchema,
  EmployeesQuerySchema,
  EmployeesSchema,
  InvitationLinkSchema,
  InviteEmployeeSchema,
  MembershipTargetSchema,
  MyInvitationSchema,
} from '../employee.ts';
import { AcceptedSchema, LinkSecretSchema } from '../profile.ts';

const admin = { practice: { from: 'body.companyId', role: 'admin' } } as const;
const superadmin = { practice: { from: 'body.companyId', role: 'superadmin' } } as const;

export const employeeGetEmployees = defineCall({
  method: 'GET',
  path: '/Employee/GetEmployees',
  tag: 'Employee',
  summary:
    "One page of the practice's members, requests and invitees with role, status and locations (admins)",
  access: { practice: { from: 'query.companyId', role: 'admin' } },
  querystring: EmployeesQuerySchema,
  response: EmployeesSchema,
});

export const employeeGetEmployee = defineCall({
  method: 'GET',
  path: '/Employee/GetEmployee',
  tag: 'Employee',
  summary: 'One person of the practice (admins)',
  access: { practice: { from: 'query.companyId', role: 'admin' } },
  querystring: z.strictObject({ companyId: IdSchema, customerId: IdSchema }),
  response: EmployeeSchema,
});

export const employeeInviteEmployee = defineCall({
  method: 'POST',
  path: '/Employee/InviteEmployee',
  tag: 'Employee',
  summary:
    'Invites a person by e-mail (valid 7 days); answers the same whether or not the address has an account, and never changes an existing customer (admins; only the superadmin invites an admin)',
  access: admin,
  body: InviteEmployeeSchema,
  response: AcceptedSchema,
  successStatus: 202,
});

export const employeeResendInvitation = defineCall({
  method: 'POST',
  path: '/Employee/ResendInvitation',
  tag: 'Employee',
  summary: 'Sends a pending or expired invitation again with a fresh link and expiry (admins)',
  access: admin,
  body: MembershipTargetSchema,
  response: AcceptedSchema,
  successStatus: 202,
});

export const employeeRevokeInvitation = defineCall({
  method: 'POST',
  path: '/Employee/RevokeInvitation',
  tag: 'Employee',
  summary: 'Withdraws a pending invitation (admins)',
  access: admin,
  body: MembershipTargetSchema,
  response: DoneSchema,
});

export const employeeEnableEmployee = defineCall({
  method: 'POST',
  path: '/Employee/EnableEmployee',
  tag: 'Employee',
  summary:
    'Enables a disabled employee, or approves a request to join (admins; only the superadmin for an admin)',
  access: admin,
  body: MembershipTargetSchema,
  response: EmployeeSchema,
});

export const employeeDisableEmployee = defineCall({
  method: 'POST',
  path: '/Employee/DisableEmployee',
  tag: 'Employee',
  summary:
    'Disables an employee: access to this practice ends with their next request, their data stays (admins; nobody themself or the superadmin; only the superadmin an admin)',
  access: admin,
  body: MembershipTargetSchema,
  response: EmployeeSchema,
});

export const employeeChangeRole = defineCall({
  method: 'POST',
  path: '/Employee/ChangeRole',
  tag: 'Employee',
  summary: 'Makes an enabled member an admin or an admin a member (the superadmin)',
  access: superadmin,
  body: ChangeRoleSchema,
  response: EmployeeSchema,
});

export const employeeTransferSuperadmin = defineCall({
  method: 'POST',
  path: '/Employee/TransferSuperadmin',
  tag: 'Employee',
  summary:
    'Hands the superadmin role to an enabled admin; the caller becomes admin (the superadmin)',
  access: superadmin,
  body: MembershipTargetSchema,
  response: EmployeeSchema,
});

export const employeeSetEmployeeLocations = defineCall({
  method: 'POST',
  path: '/Employee/SetEmployeeLocations',
  tag: 'Employee',
  summary: 'Sets the locations of the practice an enabled employee works at (admins)',
  access: admin,
  body: EmployeeLocationsSchema,
  response: EmployeeSchema,
});

export const employeeChangePrimaryCompany = defineCall({
  method: 'POST',
  path: '/Employee/ChangePrimaryCompany',
  tag: 'Employee',
  summary:
    "Sets a customer's primary practice: the customer themself, or an admin of that practice for one of its members; it must be an enabled membership",
  // A disabled practice is read-only like for every other write (docs/product.md §4).
  access: { practice: { from: 'body.companyId', role: 'admin', orSelf: 'body.customerId' } },
  body: MembershipTargetSchema,
  response: DoneSchema,
});

export const employeeGetMyInvitations = defineCall({
  method: 'GET',
  path: '/Employee/GetMyInvitations',
  tag: 'Employee',
  summary: "The caller's pending invitations, to accept or decline",
  access: 'customer',
  response: z.array(MyInvitationSchema),
});

export const employeeGetInvitationLink = defineCall({
  method: 'GET',
  path: '/Employee/GetInvitationLink',
  tag: 'Employee',
  summary: 'Whom an invitation link is for: the caller, or a masked address',
  access: 'customer',
  querystring: z.strictObject({ invitation: LinkSecretSchema }),
  response: InvitationLinkSchema,
});

export const employeeAcceptInvitation = defineCall({
  method: 'POST',
  path: '/Employee/AcceptInvitation',
  tag: 'Employee',
  summary: 'Accepts a pending invitation: the caller joins the practice',
  access: 'customer',
  body: CompanyBodySchema,
  response: DoneSchema,
});

export const employeeDeclineInvitation = defineCall({
  method: 'POST',
  path: '/Employee/DeclineInvitation',
  tag: 'Employee',
  summary: 'Declines a pending invitation: no membership remains',
  access: 'customer',
  body: CompanyBodySchema,
  response: DoneSchema,
});

export const employeeLeavePractice = defineCall({
  method: 'POST',
  path: '/Employee/LeavePractice',
  tag: 'Employee',
  summary: 'The caller leaves a practice (not its superadmin)',
  // Leaving takes the person out of the practice's data: it needs no second factor (0069).
  access: { practice: { from: 'body.companyId', role: 'member', withoutSecondFactor: 'allowed' } },
  body: CompanyBodySchema,
  response: DoneSchema,
});
