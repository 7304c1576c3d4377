import { z } from 'zod';
import {
  COMPANY_STATUSES,
  LANGUAGES,
  MEMBERSHIP_ROLES,
  MEMBERSHIP_STATUSES,
  TITLE_CODES,
} from './codes.ts';

/**
 * A record's id: any GUID (32 hex digits, 8-4-4-4-12). The CRM's keys are SQL Server
 * `uniqueidentifier`s, often sequential (`…-ee11-be6f-…`), whose version and variant digits are
 * not RFC 4122's; PostgreSQL's `uuid` type takes them too.
 */
export const IdSchema = z.guid();

/** Whether a value is a GUID as {@link IdSchema} takes it (any version and variant, any case). */
export const isGuid = (value: string): boolean => IdSchema.safeParse(value).success;

/** A practice as a customer sees it in `associatedCompanies.companyVms`. */
export const CompanyVmSchema = z
  .object({
    companyId: IdSchema,
    /** With the postal code it lets anyone ask to join: only members (enabled) see it. */
    customerNumber: z.string().nullable(),
    name: z.string(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    status: z.enum(COMPANY_STATUSES),
    role: z.enum(MEMBERSHIP_ROLES),
    membershipStatus: z.enum(MEMBERSHIP_STATUSES),
    /**
     * Only for the practice's superadmin: whether it may go with the account (no other members,
     * or disabled). Without it the role must be handed over first (issue 43, decision 0078).
     */
    mayDeleteWithAccount: z.boolean().optional(),
  })
  .meta({ id: 'CompanyVm' });
export type CompanyVm = z.infer<typeof CompanyVmSchema>;

export const CustomerSchema = z
  .object({
    customerId: IdSchema,
    email: z.string(),
    salutation: z.string().nullable(),
    title: z.enum(TITLE_CODES).nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
    position: z.string().nullable(),
    profession: z.string().nullable(),
    otherIndustry: z.string().nullable(),
    /** ISO date `YYYY-MM-DD`. */
    dateOfBirth: z.string().nullable(),
    preferredLanguage: z.enum(LANGUAGES),
    /** The primary practice. */
    companyId: IdSchema.nullable(),
    associatedCompanies: z.object({ companyVms: z.array(CompanyVmSchema) }),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof CustomerSchema>;
