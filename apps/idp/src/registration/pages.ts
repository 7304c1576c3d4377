import { ACCOUNT_PAGES, pagePath } from '../forms/paths.ts';
import { portalAddress } from '../forms/return-path.ts';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import { LIFETIMES } from '../lifetimes.ts';
import type { ResolvedOptions } from '../options.ts';
import { emailFormPage, type EmailFormPage } from '../pages/email-form-page.ts';
import { messagePage } from '../pages/message-page.ts';

type Site = Pick<ResolvedOptions, 'links' | 'portalUrl'>;

/** After a valid registration, the same for a new address and one that has an account. */
export function sentPage(site: Site, locale: Locale, returnTo?: string): string {
  const t = messagesFor(locale).register;
  return messagePage({
    locale,
    links: site.links,
    title: t.sentTitle,
    paragraphs: [t.sent, t.notReceived],
    actions: [
      { href: pagePath(ACCOUNT_PAGES.resend, locale), label: t.requestNewLink },
      { href: portalAddress(site.portalUrl, returnTo), label: messagesFor(locale).backToPortal },
    ],
  });
}

/**
 * The link confirmed the address: "Zum Portal" goes to where the registration started (an
 * invitation, say), and this browser is signed in there without the password (decision 0058).
 */
export function verifiedPage(site: Site, locale: Locale, returnTo?: string): string {
  const t = messagesFor(locale).register;
  return messagePage({
    locale,
    links: site.links,
    title: t.verifiedTitle,
    paragraphs: [t.verified],
    actions: [{ href: portalAddress(site.portalUrl, returnTo), label: t.toPortal, primary: true }],
  });
}

/** An unknown, used or expired confirmation link. */
export function verifyLinkInvalidPage(site: Site, locale: Locale): string {
  const t = messagesFor(locale).register;
  return messagePage({
    locale,
    links: site.links,
    title: t.linkInvalidTitle,
    paragraphs: [t.linkInvalid],
    actions: [
      { href: pagePath(ACCOUNT_PAGES.resend, locale), label: t.requestNewLink, primary: true },
      { href: site.portalUrl, label: t.toPortal },
    ],
  });
}

type ResendForm = Pick<EmailFormPage, 'locale' | 'csrfToken' | 'email' | 'problem' | 'waitSeconds'>;

/** Asks for the address that should get a new confirmation link. */
export function resendPage(site: Site, form: ResendForm): string {
  const t = messagesFor(form.locale);
  return emailFormPage({
    ...form,
    links: site.links,
    title: t.resend.title,
    intro: t.resend.intro,
    action: ACCOUNT_PAGES.resend,
    submit: t.resend.submit,
    more: [{ href: site.portalUrl, label: t.forgotPassword.backToSignIn }],
  });
}

/** After a valid request for a new link, the same whatever the address. */
export function resendSentPage(site: Site, locale: Locale): string {
  const t = messagesFor(locale);
  return messagePage({
    locale,
    links: site.links,
    title: t.register.sentTitle,
    paragraphs: [t.resend.sent(LIFETIMES.verificationLink / 3600)],
    actions: [{ href: site.portalUrl, label: t.backToPortal }],
  });
}
