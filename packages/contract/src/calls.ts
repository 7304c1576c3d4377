import { z } from 'zod';
import { defineCall } from './call.ts';
import { CustomerSchema, IdSchema } from './customer.ts';
import { PicklistsSchema } from './picklists.ts';

const PracticeQuery = z.strictObject({ practiceId: IdSchema });
const Ok = z.object({ status: z.literal('ok') });

export const lifetimeIsAlive = defineCall({
  method: 'GET',
  path: '/Lifetime/IsAlive',
  tag: 'Lifetime',
  summary: 'Liveness: 200 when the database answers, else 503',
  auth: 'none',
  response: Ok,
});

export const lifetimePrivate = defineCall({
  method: 'GET',
  path: '/Lifetime/private',
  tag: 'Lifetime',
  summary: 'Answers 200 to any valid access token',
  auth: 'bearer',
  response: Ok,
});

export const lifetimePrivateScoped = defineCall({
  method: 'GET',
  path: '/Lifetime/private-scoped',
  tag: 'Lifetime',
  summary: 'Answers 200 to a valid access token that carries the api scope',
  auth: 'bearer',
  response: Ok,
});

export const atestUsers = defineCall({
  method: 'GET',
  path: '/ATest/Users',
  tag: 'ATest',
  summary: 'Whether a customer with this e-mail exists (test endpoint, never in production)',
  auth: 'bearer',
  querystring: z.strictObject({ mail: z.string().max(320).optional() }),
  response: z.boolean(),
});

export const rightsIsUserConnectedToPractice = defineCall({
  method: 'GET',
  path: '/Rights/IsUserConnectedToPractice',
  tag: 'Rights',
  summary: 'Whether the caller has an enabled membership of the practice',
  auth: 'bearer',
  querystring: PracticeQuery,
  response: z.boolean(),
});

export const rightsIsUserAdminOfPractice = defineCall({
  method: 'GET',
  path: '/Rights/IsUserAdminOfPractice',
  tag: 'Rights',
  summary: 'Whether the caller is an enabled admin or superadmin of the practice',
  auth: 'bearer',
  querystring: PracticeQuery,
  response: z.boolean(),
});

export const rightsIsUserSuperAdminOfPractice = defineCall({
  method: 'GET',
  path: '/Rights/IsUserSuperAdminOfPractice',
  tag: 'Rights',
  summary: 'Whether the caller is the enabled superadmin of the practice',
  auth: 'bearer',
  querystring: PracticeQuery,
  response: z.boolean(),
});

export const utilityEmailProhibitedAlias = defineCall({
  method: 'GET',
  path: '/Utility/EmailProhibitedAlias',
  tag: 'Utility',
  summary: 'Local parts of shared mailboxes that may not become a personal sign-in',
  auth: 'bearer',
  response: z.array(z.string()),
});

export const customerGetCustomerData = defineCall({
  method: 'GET',
  path: '/Customer/GetCustomerData',
  tag: 'Customer',
  summary: "The caller's own record with their practices; links or provisions the identity",
  auth: 'bearer',
  response: CustomerSchema,
});

export const customerGetPicklists = defineCall({
  method: 'GET',
  path: '/Customer/GetPicklists',
  tag: 'Customer',
  summary: 'Picklists, labelled in the language of Accept-Language (German by default)',
  auth: 'bearer',
  response: PicklistsSchema,
});
