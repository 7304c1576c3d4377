import { z } from 'zod';
import { IdSchema } from './customer.ts';
import { FieldErrorCode } from './error-codes.ts';

/**
 * What the activity log of a practice shows (decision 0082), grouped into the kinds its filter
 * offers. Each kind lists the audit actions it shows; an action not listed here is not shown.
 */
export const ACTIVITY_KINDS = {
  practice: [
    'company.created',
    'company.updated',
    'company.disabled',
    'company.enabled',
    'company.deleted_with_account',
  ],
  locations: ['location.created', 'location.updated'],
  invitations: [
    'employee.invited',
    'employee.invitation_resent',
    'employee.invitation_revoked',
    'employee.invitation_accepted',
    'employee.invitation_declined',
  ],
  roles: ['employee.role_changed', 'employee.superadmin_transferred'],
  people: [
    'employee.enabled',
    'employee.disabled',
    'employee.locations_changed',
    'employee.left',
    'employee.account_deleted',
  ],
  requests: ['membership.requested', 'employee.request_enabled', 'employee.request_disabled'],
  security: ['company.second_factor_requirement_changed'],
  exports: [
    'company.activity_exported',
    'company.employees_exported',
    'company.locations_exported',
  ],
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_NAMES = Object.keys(ACTIVITY_KINDS) as ActivityKind[];
export type ActivityAction = (typeof ACTIVITY_KINDS)[ActivityKind][number];

/** The kind an audit action belongs to; undefined for one the log does not show. */
export function activityKindOf(action: string): ActivityKind | undefined {
  return ACTIVITY_KIND_NAMES.find((kind) =>
    (ACTIVITY_KINDS[kind] as readonly string[]).includes(action),
  );
}

/** The action of an export of the activity log (an entry of the log itself). */
export const ACTIVITY_EXPORT_ACTION = 'company.activity_exported';

/** The filters of the log: a person (who did it or to whom), a kind, and a range of days. */
const activityFilterFields = {
  /** Entries the person made or that were made to them. */
  customerId: IdSchema.optional(),
  kind: z.enum(ACTIVITY_KIND_NAMES as [ActivityKind, ...ActivityKind[]]).optional(),
  /** First day shown (YYYY-MM-DD, German time), inclusive. */
  from: z.iso.date().optional(),
  /** Last day shown (YYYY-MM-DD, German time), inclusive. */
  to: z.iso.date().optional(),
};

/** A range whose last day is before its first is refused on `to`. */
function rangeInOrder(
  value: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
) {
  if (value.from !== undefined && value.to !== undefined && value.to < value.from) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      params: { fieldError: FieldErrorCode.invalidDate },
      message: 'the last day is before the first',
    });
  }
}

/** What a page of the log shows, without the practice: the screen keeps it in the URL. */
export const ActivityViewSchema = z.strictObject({
  ...activityFilterFields,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => [10, 25, 50, 100].includes(size))
    .default(25),
});

export const ActivityQuerySchema = z
  .strictObject({ companyId: IdSchema, ...ActivityViewSchema.shape })
  .superRefine(rangeInOrder);
export type ActivityQuery = z.input<typeof ActivityQuerySchema>;

export const ActivityExportSchema = z
  .strictObject({
    companyId: IdSchema,
    ...activityFilterFields,
    /** The header row's language (default: the caller's preferred language). */
    language: z.enum(['de', 'en']).optional(),
  })
  .superRefine(rangeInOrder)
  .meta({ id: 'ActivityExport' });

/** Someone an entry names: resolved at read time; a deleted account has no id and no name. */
export const ActivityPersonSchema = z
  .object({
    customerId: IdSchema.nullable(),
    name: z.string().nullable(),
    deleted: z.boolean(),
  })
  .meta({ id: 'ActivityPerson' });
export type ActivityPerson = z.infer<typeof ActivityPersonSchema>;

const ChangedValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ActivityEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime({ offset: true }),
    kind: z.enum(ACTIVITY_KIND_NAMES as [ActivityKind, ...ActivityKind[]]),
    action: z.string(),
    actor: ActivityPersonSchema.nullable(),
    /** What it was done to: a person, the practice or one of its locations. */
    target: z.object({
      type: z.enum(['person', 'practice', 'location']),
      id: z.string().nullable(),
      name: z.string().nullable(),
      person: ActivityPersonSchema.nullable(),
    }),
    /** The fields that changed, old → new (never secrets). */
    changes: z.array(z.object({ field: z.string(), from: ChangedValue, to: ChangedValue })),
    /**
     * What an entry that changes no value records (issue 43): an invitation's role, an export's
     * rows, a new location's address; shown as "field: value", never as "empty → value".
     */
    details: z.array(z.object({ field: z.string(), value: ChangedValue })),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityLogSchema = z
  .object({
    entries: z.array(ActivityEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Everyone the practice's log names, for the person filter. */
    people: z.array(z.object({ customerId: IdSchema, name: z.string() })),
  })
  .meta({ id: 'ActivityLog' });
export type ActivityLog = z.infer<typeof ActivityLogSchema>;

export const ActivityCsvSchema = z
  .object({
    /** `aktivitaeten-YYYY-MM-DD.csv` / `activity-YYYY-MM-DD.csv`. */
    fileName: z.string(),
    /** The file: UTF-8 with BOM, `;`-separated, CRLF lines. */
    content: z.string(),
    rows: z.number().int(),
  })
  .meta({ id: 'ActivityCsv' });
