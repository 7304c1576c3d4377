import {
  DEFAULT_RETENTION,
  MIN_MAIL_DAYS,
  type RetentionPeriods,
} from '../lib/retention/periods.ts';
import type { Env } from './environment.ts';
import { wholeNumber, type SettingsArea } from './setting.ts';

const days = (min: number, fallback: number) =>
  wholeNumber(min, 3650, `must be a whole number of days from ${min} to 3650`).default(fallback);

export const retentionSettings = {
  RETENTION_INVITATION_DAYS: {
    schema: days(1, DEFAULT_RETENTION.invitationDays),
    default: `\`${DEFAULT_RETENTION.invitationDays}\``,
    description:
      'Days an invitation that expired, was declined or withdrawn is kept; an expired one leaves the staff list with it.',
  },
  RETENTION_EMAIL_CHANGE_DAYS: {
    schema: days(1, DEFAULT_RETENTION.emailChangeDays),
    default: `\`${DEFAULT_RETENTION.emailChangeDays}\``,
    description: 'Days an e-mail-change request is kept after its link expired.',
  },
  RETENTION_NEWSLETTER_REQUEST_DAYS: {
    schema: days(1, DEFAULT_RETENTION.newsletterRequestDays),
    default: `\`${DEFAULT_RETENTION.newsletterRequestDays}\``,
    description:
      'Days a newsletter subscription request is kept after its 48-hour link expired; its page says "expired" until then.',
  },
  RETENTION_SIGN_IN_DAYS: {
    schema: days(1, DEFAULT_RETENTION.signInDays),
    default: `\`${DEFAULT_RETENTION.signInDays}\``,
    description: 'Days the embedded provider keeps a sign-in or a failed attempt.',
  },
  RETENTION_MAIL_DAYS: {
    schema: days(MIN_MAIL_DAYS, DEFAULT_RETENTION.mailDays),
    default: `\`${DEFAULT_RETENTION.mailDays}\``,
    description: `Days a delivered or given-up mail stays in the outbox; at least ${MIN_MAIL_DAYS}, as the mail limits count the last day.`,
  },
};

export const retentionArea: SettingsArea = {
  title: 'Retention',
  about:
    'How long what has served its purpose is kept before it goes by itself ([docs/privacy.md](privacy.md)).',
  settings: retentionSettings,
};

export interface RetentionConfig {
  /** How long what has served its purpose is kept (`RETENTION_*`, docs/privacy.md). */
  retention: RetentionPeriods;
}

export function retentionOf(env: Env): RetentionConfig {
  return {
    retention: {
      invitationDays: env.RETENTION_INVITATION_DAYS,
      emailChangeDays: env.RETENTION_EMAIL_CHANGE_DAYS,
      newsletterRequestDays: env.RETENTION_NEWSLETTER_REQUEST_DAYS,
      signInDays: env.RETENTION_SIGN_IN_DAYS,
      mailDays: env.RETENTION_MAIL_DAYS,
    },
  };
}
