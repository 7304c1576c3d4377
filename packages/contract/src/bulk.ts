import { z } from 'zod';
import { INVITATION_ROLES } from './codes.ts';
import { IdSchema } from './customer.ts';
import { EmailSchema } from './email.ts';
import { PersonNameSchema } from './names.ts';

/** At most this many people in one bulk request (decision 0084). */
export const BULK_MAX_ROWS = 200;

/**
 * Why a row of a bulk request was not carried out (decision 0084). Invitations: the address is a
 * shared mailbox, already a member, already invited, twice in the list, a role the caller may not
 * give. Actions: the rules of the single action refused it, or the person is in no state for it
 * (`not_invited`: a member of the practice without an open invitation to resend or revoke).
 * Both: a mail limit stopped it.
 */
export const BULK_ROW_REASONS = [
  'prohibited_alias',
  'already_member',
  'already_invited',
  'duplicate',
  'role_not_allowed',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'not_invited',
] as const;
export type BulkRowReason = (typeof BULK_ROW_REASONS)[number];

/**
 * A key the client makes once per batch (a UUID): a retry with the same key answers the first
 * attempt's results and sends nothing again.
 */
export const IdempotencyKeySchema = z.guid();

export const InvitationRowSchema = z.strictObject({
  email: EmailSchema,
  firstName: PersonNameSchema.nullable().optional(),
  lastName: PersonNameSchema.nullable().optional(),
  role: z.enum(INVITATION_ROLES).default('member'),
  locationIds: z.array(IdSchema).max(100).default([]),
});
export type InvitationRow = z.input<typeof InvitationRowSchema>;

export const InviteEmployeesSchema = z
  .strictObject({
    companyId: IdSchema,
    rows: z.array(InvitationRowSchema).min(1).max(BULK_MAX_ROWS),
    /** Only checks every row and answers what would happen: nothing is stored or sent. */
    dryRun: z.boolean().default(false),
    /** Required unless `dryRun`. */
    idempotencyKey: IdempotencyKeySchema.optional(),
  })
  .meta({ id: 'InviteEmployees' });
export type InviteEmployees = z.input<typeof InviteEmployeesSchema>;

export const BULK_ACTIONS = ['resendInvitation', 'revokeInvitation', 'disable', 'enable'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BulkEmployeeActionSchema = z
  .strictObject({
    companyId: IdSchema,
    action: z.enum(BULK_ACTIONS),
    customerIds: z.array(IdSchema).min(1).max(BULK_MAX_ROWS),
    idempotencyKey: IdempotencyKeySchema,
  })
  .meta({ id: 'BulkEmployeeAction' });
export type BulkEmployeeAction = z.input<typeof BulkEmployeeActionSchema>;

/** One row's outcome: `ok` (would be / was carried out) or the reason it was not. */
export const BulkRowResultSchema = z.object({
  /** The row's position in the request, from 0. */
  index: z.number().int(),
  outcome: z.enum(['ok', 'refused']),
  reason: z.enum(BULK_ROW_REASONS).nullable(),
});
export type BulkRowResult = z.infer<typeof BulkRowResultSchema>;

export const BulkResultsSchema = z
  .object({
    results: z.array(BulkRowResultSchema),
    /** True when this answer is the stored one of an earlier request with the same key. */
    replayed: z.boolean(),
  })
  .meta({ id: 'BulkResults' });
export type BulkResults = z.infer<typeof BulkResultsSchema>;
