import { z } from 'zod';
import { defineCall } from './call.ts';
import { CustomerSchema, IdSchema } from './customer.ts';
import { EmailSchema } from './email.ts';
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

const TestUserPracticeSchema = z.union([
  /** A new practice; the user is its superadmin. */
  z.strictObject({ name: z.string().trim().min(1).max(200) }),
  /** An existing practice the user joins with an enabled membership. */
  z.strictObject({ companyId: IdSchema, role: z.enum(['member', 'admin']).default('member') }),
]);

export const atestCreateUser = defineCall({
  method: 'POST',
  path: '/ATest/CreateUser',
  tag: 'ATest',
  summary:
    'Creates a verified identity account and its customer for an end-to-end test (test endpoint, never in production)',
  auth: 'none',
  body: z.strictObject({
    email: EmailSchema,
    password: z.string().min(8).max(1024),
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().min(1).max(100).optional(),
    /** The first one becomes the primary practice. */
    practices: z.array(TestUserPracticeSchema).max(10).optional(),
  }),
  response: z.object({
    customerId: IdSchema,
    /** The identity's subject at the embedded provider. */
    subject: z.string(),
    practiceIds: z.array(IdSchema),
  }),
  successStatus: 201,
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
