import { z } from 'zod';
import { defineCall } from '../call.ts';
import { IdSchema } from '../customer.ts';
import { EmailSchema } from '../email.ts';
import { PersonNameSchema, PlaceNameSchema } from '../names.ts';

// The test endpoints (`ATest/*`): registered only with ENABLE_TEST_ENDPOINTS, never in
// production (decision 0013).

export const atestUsers = defineCall({
  method: 'GET',
  path: '/ATest/Users',
  tag: 'ATest',
  summary: 'Whether a customer with this e-mail exists (test endpoint, never in production)',
  access: 'token',
  querystring: z.strictObject({ mail: z.string().max(320).optional() }),
  response: z.boolean(),
});

const TestUserPracticeSchema = z.union([
  /** A new practice; the user is its superadmin. It may require a second factor (decision 0069). */
  z.strictObject({ name: PlaceNameSchema, requiresSecondFactor: z.boolean().optional() }),
  /** An existing practice the user joins with an enabled membership. */
  z.strictObject({ companyId: IdSchema, role: z.enum(['member', 'admin']).default('member') }),
]);

export const atestCreateUser = defineCall({
  method: 'POST',
  path: '/ATest/CreateUser',
  tag: 'ATest',
  summary:
    'Creates a verified identity account and its customer for an end-to-end test (test endpoint, never in production)',
  // End-to-end tests create their users before any sign-in.
  access: 'anyone',
  body: z.strictObject({
    email: EmailSchema,
    password: z.string().min(8).max(1024),
    firstName: PersonNameSchema.optional(),
    lastName: PersonNameSchema.optional(),
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

export const atestExpireInvitations = defineCall({
  method: 'POST',
  path: '/ATest/ExpireInvitations',
  tag: 'ATest',
  summary:
    'Moves the open invitations of an address an hour into the past, as time would (test endpoint, never in production)',
  // End-to-end tests pass time without a token of their own, as they create users.
  access: 'anyone',
  body: z.strictObject({ email: EmailSchema }),
  response: z.object({ expired: z.number().int().nonnegative() }),
});
