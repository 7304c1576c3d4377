/**
 * How long the portal keeps what has served its purpose, in days (docs/privacy.md lists each
 * with its reason; the settings are `RETENTION_*`).
 */
export interface RetentionPeriods {
  /** Invitations that expired, were declined or withdrawn, counted from that end. */
  invitationDays: number;
  /** E-mail-change requests, counted from the expiry of their link. */
  emailChangeDays: number;
  /** Sign-ins and failed attempts of the embedded provider. */
  signInDays: number;
  /** Mails in the outbox that were delivered or given up, counted from their creation. */
  mailDays: number;
}

export const DEFAULT_RETENTION: RetentionPeriods = {
  invitationDays: 30,
  emailChangeDays: 7,
  signInDays: 90,
  mailDays: 30,
};

/** The mail limits count the last day's mails (mail/quota.ts): mails are kept at least two. */
export const MIN_MAIL_DAYS = 2;
