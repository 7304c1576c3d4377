import { z } from 'zod';
import type { Env } from './environment.ts';
import type { ServerConfig } from './server.ts';
import type { SettingsArea } from './setting.ts';

const NEWSLETTER = '[docs/newsletter.md](newsletter.md)';

export const mailSettings = {
  SMTP_URL: {
    schema: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    default: 'the outbox only',
    description:
      "The `smtp://` or `smtps://` server that sends the portal's mails. Unset, mails stay in the outbox (and, in development, show in `/dev/mailbox`).",
  },
  MAIL_FROM: {
    schema: z
      .string()
      .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, {
        error: 'must be an address, optionally with a name: "Praxisportal" <portal@example.com>',
      })
      .optional(),
    default: '`"<PORTAL_NAME>" <no-reply@<host of PUBLIC_URL>>`',
    description: "Sender of the portal's mails: an address, optionally with a name.",
  },
  NEWSLETTER_LINK_KEY: {
    schema: z
      .string()
      .regex(/^[\x21-\x7e]{32,}$/, {
        error: 'must be at least 32 printable characters without spaces (openssl rand -base64 32)',
      })
      .optional(),
    default: 'one generated per database, outside production',
    description: `At least 32 printable characters (\`openssl rand -base64 32\`) that sign the newsletter's one-click unsubscribe links, shared with the operator's newsletter system (${NEWSLETTER}). Needed with \`NODE_ENV=production\`.`,
  },
  NEWSLETTER_LINK_KEYS_PREVIOUS: {
    schema: z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{32,}(?:\s+[\x21-\x7e]{32,})*$/, {
        error: 'must be keys of at least 32 printable characters, separated by spaces',
      })
      .transform((value) => value.split(/\s+/))
      .optional(),
    description: `Earlier \`NEWSLETTER_LINK_KEY\`s, separated by spaces, whose links still unsubscribe: after a rotation the old key goes here, so newsletters already sent keep working (${NEWSLETTER}).`,
  },
};

export const mailArea: SettingsArea = {
  title: 'Mail',
  about:
    "The portal's mails, which go through its outbox within the mail limits, and the newsletter's unsubscribe links.",
  settings: mailSettings,
};

export interface MailConfig {
  smtpUrl: string | undefined;
  /** Sender of the portal's mails; defaults to no-reply at PUBLIC_URL's host, named PORTAL_NAME. */
  mailFrom: string;
  /**
   * The HMAC key that signs the newsletter's unsubscribe links (`NEWSLETTER_LINK_KEY`, decision
   * 0077), shared with the operator's newsletter system; null: one generated per database
   * (refused in production, decision 0098).
   */
  newsletterLinkKey: string | null;
  /** Earlier keys whose links still verify (`NEWSLETTER_LINK_KEYS_PREVIOUS`, decision 0098). */
  newsletterLinkKeysPrevious: string[];
}

/** A display name for a mail header: quoted, with its quotes and backslashes escaped. */
function quotedName(name: string): string {
  return `"${name.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

export function mailOf(env: Env, server: ServerConfig, problems: string[]): MailConfig {
  if (server.env === 'production' && env.NEWSLETTER_LINK_KEY === undefined) {
    problems.push(
      'NEWSLETTER_LINK_KEY is needed with NODE_ENV=production: at least 32 random characters (openssl rand -base64 32) that sign the newsletter unsubscribe links, shared with the newsletter system',
    );
  }
  return {
    smtpUrl: env.SMTP_URL,
    mailFrom:
      env.MAIL_FROM ??
      `${quotedName(env.PORTAL_NAME ?? 'Praxisportal')} <no-reply@${server.publicUrl.hostname}>`,
    newsletterLinkKey: env.NEWSLETTER_LINK_KEY ?? null,
    newsletterLinkKeysPrevious: env.NEWSLETTER_LINK_KEYS_PREVIOUS ?? [],
  };
}
