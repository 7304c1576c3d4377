import { z } from 'zod';
import { INVITATION_ROLES, MEMBERSHIP_ROLES, MEMBERSHIP_STATUSES, TITLE_CODES } from './codes.ts';
import { IdSchema } from './customer.ts';
import { EmailSchema } from './email.ts';
import { PicklistCodeSchema } from './profile.ts';
import { PersonNameSchema } from './names.ts';

/** The practice and the person an employee call is about. */
export const MembershipTargetSchema = z.strictObject({ companyId: IdSchema, customerId: IdSchema });
export const CompanyBodySchema = z.strictObject({ companyId: IdSchema });

export const EmployeeSchema = z
  .object({
    customerId: IdSchema,
    /** For an invitee: the invited address and what the inviter typed, nothing else. */
    email: z.string(),
    salutation: z.string().nullable(),
    title: z.enum(TITLE_CODES).nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.enum(MEMBERSHIP_ROLES),
    status: z.enum(MEMBERSHIP_STATUSES),
    locations: z.array(z.object({ locationId: IdSchema, name: z.string() })),
    /**
     * Whether the person signs in with a second factor (an authenticator app or a passkey): a
     * badge, no details. Null where the portal cannot know it: an invitee, or an account of an
     * external provider (decision 0069).
     */
    secondFactor: z.boolean().nullable(),
    /** The pending invitation's dates; null for everyone else. */
    invitedAt: z.iso.datetime({ offset: true }).nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Employee' });
export type Employee = z.infer<typeof EmployeeSchema>;

export const EMPLOYEE_SORT_FIELDS = ['name', 'email', 'role', 'status'] as const;

export const EmployeesQuerySchema = z.strictObject({
  companyId: IdSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => [10, 25, 50, 100].includes(size))
    .default(25),
  sort: z.enum(EMPLOYEE_SORT_FIELDS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** Matches name or e-mail, folding case, umlauts, ß and accents (decision 0056). */
  search: z.string().trim().max(100).optional(),
  status: z.enum(MEMBERSHIP_STATUSES).optional(),
});

export const EmployeesSchema = z
  .object({
    employees: z.array(EmployeeSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'Employees' });

export const InviteEmployeeSchema = z
  .strictObject({
    companyId: IdSchema,
    email: EmailSchema,
    salutation: PicklistCodeSchema.nullable().optional(),
    title: z.enum(TITLE_CODES).nullable().optional(),
    firstName: PersonNameSchema.nullable().optional(),
    lastName: PersonNameSchema.nullable().optional(),
    /** Only the superadmin invites an admin; nobody is invited as superadmin. */
    role: z.enum(INVITATION_ROLES).default('member'),
    /** Locations of the practice the person will work at. */
    locationIds: z.array(IdSchema).max(100).default([]),
  })
  .meta({ id: 'InviteEmployee' });
export type InviteEmployee = z.input<typeof InviteEmployeeSchema>;

export const ChangeRoleSchema = z.strictObject({
  companyId: IdSchema,
  customerId: IdSchema,
  role: z.enum(INVITATION_ROLES),
});

export const EmployeeLocationsSchema = z.strictObject({
  companyId: IdSchema,
  customerId: IdSchema,
  locationIds: z.array(IdSchema).max(100),
});

/** A pending invitation as the invitee sees it on `/my-practice`. */
export const MyInvitationSchema = z
  .object({
    companyId: IdSchema,
    practiceName: z.string(),
    city: z.string().nullable(),
    role: z.enum(INVITATION_ROLES),
    /** Who invited, as a name (or nothing when they left). */
    invitedBy: z.string().nullable(),
    invitedAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }),
    expired: z.boolean(),
  })
  .meta({ id: 'MyInvitation' });
export type MyInvitation = z.infer<typeof MyInvitationSchema>;

/**
 * Whom an invitation's link (`/my-practice?invitation=…`) was sent to, as the signed-in person
 * may learn it: their own, or another address shown masked (`m***@example.com`).
 */
export const InvitationLinkSchema = z
  .object({
    forCaller: z.boolean(),
    /** The masked address when the invitation is for somebody else; null when it is the caller's. */
    sentTo: z.string().nullable(),
  })
  .meta({ id: 'InvitationLink' });
export type InvitationLink = z.infer<typeof InvitationLinkSchema>;

export const DoneSchema = z.object({ status: z.literal('done') }).meta({ id: 'Done' });
