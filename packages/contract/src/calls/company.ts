import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  CompanyCreateSchema,
  CompanySchema,
  CompanyUpdateSchema,
  ConnectCompanySchema,
  EntitlementSchema,
  SentRequestSchema,
  SentRequestTargetSchema,
} from '../company.ts';
import { IdSchema } from '../customer.ts';
import { AcceptedSchema } from '../profile.ts';

const CompanyQuery = z.strictObject({ companyId: IdSchema });

export const companyGetCompany = defineCall({
  method: 'GET',
  path: '/Company/GetCompany',
  tag: 'Company',
  summary: 'A practice with all its data and the caller’s role (also while disabled)',
  access: { practice: { from: 'query.companyId', role: 'member' } },
  querystring: CompanyQuery,
  response: CompanySchema,
});

export const companyCheckEntitlements = defineCall({
  method: 'GET',
  path: '/Company/CheckEntitlements',
  tag: 'Company',
  summary: "The practice's products and contracts with their validity, maintained by the provider",
  access: { practice: { from: 'query.companyId', role: 'member' } },
  querystring: CompanyQuery,
  response: z.array(EntitlementSchema),
});

export const companyCreateCompany = defineCall({
  method: 'POST',
  path: '/Company/CreateCompany',
  tag: 'Company',
  summary:
    'Creates a practice; the caller becomes its superadmin, and it becomes their primary practice if they have none. A practice with the same name and postal code is mentioned first (409 possible_duplicate) without revealing it.',
  access: 'customer',
  body: CompanyCreateSchema,
  response: CompanySchema,
  successStatus: 201,
});

export const companyConnectExistingCompany = defineCall({
  method: 'PATCH',
  path: '/Company/ConnectExistingCompany',
  tag: 'Company',
  summary:
    "Asks to join a practice by its customer number and postal code: the membership is 'requested' and the practice's admins are told. A wrong pair answers exactly like a right one, and both show to the caller only as a sent request (GetSentRequests) until an admin approves.",
  access: 'customer',
  body: ConnectCompanySchema,
  response: AcceptedSchema,
  successStatus: 202,
});

export const companyGetSentRequests = defineCall({
  method: 'GET',
  path: '/Company/GetSentRequests',
  tag: 'Company',
  summary:
    "The caller's requests to join that no admin has approved yet, each only with the customer number and postal code typed: a wrong pair shows exactly like a right one.",
  access: 'customer',
  response: z.array(SentRequestSchema),
});

export const companyWithdrawSentRequest = defineCall({
  method: 'POST',
  path: '/Company/WithdrawSentRequest',
  tag: 'Company',
  summary:
    "Withdraws one of the caller's requests to join; a request of a right pair takes its 'requested' membership with it.",
  access: 'customer',
  body: SentRequestTargetSchema,
  response: AcceptedSchema,
});

export const companyUpdateCompany = defineCall({
  method: 'PATCH',
  path: '/Company/UpdateCompany',
  tag: 'Company',
  summary: "Changes the practice's data (admins)",
  access: { practice: { from: 'body.companyId', role: 'admin' } },
  body: CompanyUpdateSchema,
  response: CompanySchema,
});

export const companyDisableCompany = defineCall({
  method: 'PATCH',
  path: '/Company/DisableCompany',
  tag: 'Company',
  summary:
    'Disables the practice: it stays readable, refuses changes and keeps all data (superadmin)',
  access: { practice: { from: 'query.companyId', role: 'superadmin' } },
  querystring: CompanyQuery,
  response: CompanySchema,
});

export const companyEnableCompany = defineCall({
  method: 'PATCH',
  path: '/Company/EnableCompany',
  tag: 'Company',
  summary: 'Enables a disabled practice again (superadmin)',
  access: { practice: { from: 'query.companyId', role: 'superadmin', whileDisabled: 'allowed' } },
  querystring: CompanyQuery,
  response: CompanySchema,
});
