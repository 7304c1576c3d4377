import { z } from 'zod';
import type { Env } from './environment.ts';
import type { ServerConfig } from './server.ts';
import { httpUrl, wholeNumber, type SettingsArea } from './setting.ts';

/**
 * Where people report accessibility barriers (decision 0080): an e-mail address or the http(s)
 * page of a contact form.
 */
const accessibilityContact = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value) ||
      (/^https?:\/\//i.test(value) && URL.canParse(value)),
    { error: 'must be an e-mail address or an http:// or https:// URL' },
  );

/** What the operator calls the portal: shown in the portal's and the provider's headers. */
const portalName = z
  .string()
  .trim()
  .regex(/^[^\p{C}]{1,60}$/u, { error: 'must be 1 to 60 printable characters' });

/**
 * The operator's logo: an http(s) URL, or a path on the portal's origin. `//host` and `/\host`
 * are refused: browsers read them as another origin.
 */
const logoUrl = z.string().refine(
  (value) => {
    if (/[\s\p{C}]/u.test(value)) return false;
    if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
    if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
    const url = new URL(value);
    return !url.username && !url.password;
  },
  { error: 'must be an http:// or https:// URL or a path starting with /' },
);

export const webSettings = {
  PORTAL_NAME: {
    schema: portalName.optional(),
    default: '"Praxisportal", in English "Practice Portal"',
    description:
      "The portal's name in its header, on the sign-in pages and as the sender name of its mails (unless `MAIL_FROM`): 1 to 60 printable characters.",
  },
  LOGO_URL: {
    schema: logoUrl.optional(),
    description:
      "A logo beside the name: an `http(s)://` URL or a path on the portal starting with `/`. Another origin is allowed for images by the portal's and the provider's Content-Security-Policy.",
  },
  IMPRINT_URL: {
    schema: httpUrl.optional(),
    description: 'The Impressum page, linked in the footer and on the sign-in pages.',
  },
  PRIVACY_URL: {
    schema: httpUrl.optional(),
    description: 'The privacy page, linked in the footer and on the sign-in pages.',
  },
  ACCESSIBILITY_CONTACT: {
    schema: accessibilityContact.optional(),
    default: '`barrierefreiheit@<host of PUBLIC_URL>`',
    description:
      'Where people report accessibility barriers, named in the accessibility statement (`/accessibility`): an e-mail address or an `http(s)://` contact page.',
  },
  IDLE_TIMEOUT_MINUTES: {
    schema: wholeNumber(1, 24 * 60, 'must be a whole number of minutes from 1 to 1440').default(30),
    default: '`30`',
    description:
      'Minutes without activity until the portal signs the person out, in every tab of the browser; a warning counts down the last minute before.',
  },
};

export const webArea: SettingsArea = {
  title: 'Web app',
  about: 'What people see of the operator, and when an idle session ends.',
  settings: webSettings,
};

export interface WebConfig {
  imprintUrl: string | undefined;
  privacyUrl: string | undefined;
  /** `ACCESSIBILITY_CONTACT`; defaults to barrierefreiheit@ at PUBLIC_URL's host. */
  accessibilityContact: string;
  /** `PORTAL_NAME`; null: the translated default ("Praxisportal" / "Practice Portal"). */
  portalName: string | null;
  /** `LOGO_URL` as set: an http(s) URL or a path on the portal's origin; null: no logo. */
  logoUrl: string | null;
  idleTimeoutMinutes: number;
}

export function webOf(env: Env, server: ServerConfig): WebConfig {
  return {
    imprintUrl: env.IMPRINT_URL,
    privacyUrl: env.PRIVACY_URL,
    accessibilityContact:
      env.ACCESSIBILITY_CONTACT ?? `barrierefreiheit@${server.publicUrl.hostname}`,
    portalName: env.PORTAL_NAME ?? null,
    logoUrl: env.LOGO_URL ?? null,
    idleTimeoutMinutes: env.IDLE_TIMEOUT_MINUTES,
  };
}

/**
 * The logo's absolute address, for pages on another origin (the provider's): a path is on the
 * portal's origin.
 */
export function absoluteLogoUrl(config: { logoUrl: string | null; publicUrl: URL }): string | null {
  return config.logoUrl === null ? null : new URL(config.logoUrl, config.publicUrl).href;
}

/** The logo's origin when it is another than the portal's, for the pages' `img-src`. */
export function logoOrigins(config: { logoUrl: string | null; publicUrl: URL }): string[] {
  const logo = absoluteLogoUrl(config);
  const origin = logo === null ? undefined : new URL(logo).origin;
  return origin === undefined || origin === config.publicUrl.origin ? [] : [origin];
}
