import { z } from 'zod';
import {
  COMPANY_STATUSES,
  INVITATION_ROLES,
  LANGUAGES,
  MEMBERSHIP_ROLES,
  MEMBERSHIP_STATUSES,
  TITLE_CODES,
} from './codes.ts';
import { IdSchema } from './customer.ts';
import { AccountSessionSchema, AccountSignInSchema } from './security.ts';

/**
 * Everything the portal and its embedded provider hold about the caller (GDPR Art. 15 and 20,
 * decision 0079): their own data, never another person's beyond a masked address, and never a
 * secret (password hash, TOTP secret, recovery code, passkey key, link hash).
 */
const when = z.iso.datetime({ offset: true });

/**
 * A code's words in the person's language, beside the code (issue 43: Art. 15 asks for an
 * intelligible form, Art. 20 for a machine-readable one): `FRAU` → "Frau", `enabled` → "Aktiv".
 * Null where the code is null.
 */
const label = z.string().nullable();

const ProfileSchema = z.object({
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
  dateOfBirth: z.string().nullable(),
  preferredLanguage: z.enum(LANGUAGES),
  primaryCompanyId: IdSchema.nullable(),
  salutationLabel: label,
  titleLabel: label,
  positionLabel: label,
  professionLabel: label,
  otherIndustryLabel: label,
  preferredLanguageLabel: z.string(),
  createdAt: when,
  updatedAt: when,
});

const PracticeRefSchema = z.object({ companyId: IdSchema, name: z.string() });

const MembershipSchema = z.object({
  ...PracticeRefSchema.shape,
  /** Only for an enabled membership, as `CompanyVm` shows it. */
  customerNumber: z.string().nullable(),
  practiceStatus: z.enum(COMPANY_STATUSES),
  role: z.enum(MEMBERSHIP_ROLES),
  status: z.enum(MEMBERSHIP_STATUSES),
  since: when,
  changedAt: when,
  /** Names of the practice's locations the person is assigned to. */
  locations: z.array(z.string()),
  practiceStatusLabel: z.string(),
  roleLabel: z.string(),
  statusLabel: z.string(),
});

const INVITATION_STATES = ['open', 'accepted', 'declined', 'revoked', 'expired'] as const;

const InvitationBase = {
  ...PracticeRefSchema.shape,
  role: z.enum(INVITATION_ROLES),
  state: z.enum(INVITATION_STATES),
  sentAt: when,
  expiresAt: when,
  roleLabel: z.string(),
  stateLabel: z.string(),
};

/** Received: the address and what the inviter typed about the person are their own data. */
const ReceivedInvitationSchema = z.object({
  ...InvitationBase,
  email: z.string(),
  typed: z.object({
    salutation: z.string().nullable(),
    title: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});

/** Sent: the invitee only by a masked address (decision 0058), nothing else of them. */
const SentInvitationSchema = z.object({ ...InvitationBase, inviteeAddress: z.string() });

const ConsentRecordSchema = z.object({
  recordedAt: when,
  subscribed: z.boolean(),
  distributors: z.array(z.string()),
  interests: z.array(z.string()),
  distributorLabels: z.array(z.string()),
  interestLabels: z.array(z.string()),
  wordingVersion: z.string(),
  language: z.enum(LANGUAGES),
  /** A widened consent's double opt-in (decision 0077): asked for, and confirmed by the link. */
  requestedAt: when.nullable(),
  confirmedAt: when.nullable(),
});

/** A subscription asked for and not confirmed yet (decision 0077); never its link's hash. */
const PendingConfirmationSchema = z.object({
  requestedAt: when,
  expiresAt: when,
  distributors: z.array(z.string()),
  interests: z.array(z.string()),
  distributorLabels: z.array(z.string()),
  interestLabels: z.array(z.string()),
  wordingVersion: z.string(),
});

const AUDIT_PARTIES = ['you', 'another-person', 'system'] as const;

const AuditEntrySchema = z.object({
  at: when,
  action: z.string(),
  /** Who acted: the person, somebody else (not named), or the portal itself. */
  actor: z.enum(AUDIT_PARTIES),
  /** Whom it is about: the person, somebody else (not named), or a practice's object. */
  about: z.enum([...AUDIT_PARTIES, 'practice']),
  practice: PracticeRefSchema.nullable(),
  /** What changed (field names, roles); left out for entries about another person. */
  data: z.record(z.string(), z.unknown()),
});

const PasskeyNameSchema = z.object({
  name: z.string(),
  createdAt: when,
  lastUsedAt: when.nullable(),
});

export const PersonalDataExportSchema = z
  .object({
    /** `/2` added the labels beside the codes and `language`, `parts` (issue 43). */
    format: z.literal('practice-portal-personal-data/2'),
    exportedAt: when,
    /** The language of the labels: the request's. */
    language: z.enum(LANGUAGES),
    /** Each part of the file by its key, in words (`memberships` → "Ihre Praxen"). */
    parts: z.record(z.string(), z.string()),
    profile: ProfileSchema,
    memberships: z.array(MembershipSchema),
    invitationsReceived: z.array(ReceivedInvitationSchema),
    invitationsSent: z.array(SentInvitationSchema),
    /** Requests to join a practice, as typed. */
    joinRequests: z.array(
      z.object({
        customerNumber: z.string(),
        postalCode: z.string(),
        sentAt: when,
        expiresAt: when,
      }),
    ),
    pendingEmailChanges: z.array(
      z.object({ newEmail: z.string(), requestedAt: when, expiresAt: when }),
    ),
    newsletter: z.object({
      subscribed: z.boolean(),
      distributors: z.array(z.string()),
      interests: z.array(z.string()),
      distributorLabels: z.array(z.string()),
      interestLabels: z.array(z.string()),
      consentRecords: z.array(ConsentRecordSchema),
      pendingConfirmations: z.array(PendingConfirmationSchema),
    }),
    /**
     * The embedded provider's data; `managedByProvider` with an external provider, whose own
     * account page (`providerUrl`, when known) has it.
     */
    signIn: z.object({
      managedByProvider: z.boolean(),
      providerUrl: z.string().nullable(),
      accountCreatedAt: when.nullable(),
      authenticatorAppSince: when.nullable(),
      recoveryCodesLeft: z.number().int().nonnegative().nullable(),
      passkeys: z.array(PasskeyNameSchema),
      sessions: z.array(AccountSessionSchema.omit({ id: true, current: true })),
      signIns: z.array(AccountSignInSchema.omit({ id: true })),
    }),
    auditEntries: z.array(AuditEntrySchema),
  })
  .meta({ id: 'PersonalDataExport' });
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;
