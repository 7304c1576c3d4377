import { ACCOUNT_PAGES, pagePath } from '../forms/paths.ts';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import { LIFETIMES } from '../lifetimes.ts';
import type { ResolvedOptions } from '../options.ts';
import { emailFormPage, type EmailFormPage } from '../pages/email-form-page.ts';
import { messagePage } from '../pages/message-page.ts';

type Site = Pick<ResolvedOptions, 'links' | 'portalUrl'>;

type ForgotForm = Pick<EmailFormPage, 'locale' | 'csrfToken' | 'email' | 'problem' | 'waitSeconds'>;

/** "Passwort vergessen": asks for the account's address. */
export function forgotPage(site: Site, form: ForgotForm): string {
  const t = messagesFor(form.locale).forgotPassword;
  return emailFormPage({
    ...form,
    links: site.links,
    title: t.title,
    intro: t.intro,
    action: ACCOUNT_PAGES.forgotPassword,
    submit: t.submit,
    more: [{ href: site.portalUrl, label: t.backToSignIn }],
  });
}

/** After a valid request, the same whether or not the address has an account. */
export function forgotSentPage(site: Site, locale: Locale): string {
  const t = messagesFor(locale);
  return messagePage({
    locale,
    links: site.links,
    title: t.register.sentTitle,
    paragraphs: [t.forgotPassword.sent(LIFETIMES.resetLink / 60)],
    actions: [{ href: site.portalUrl, label: t.backToPortal }],
  });
}

/** The new password is set; signing in starts at the portal. */
export function resetDonePage(site: Site, locale: Locale): string {
  const t = messagesFor(locale);
  return messagePage({
    locale,
    links: site.links,
    title: t.resetPassword.doneTitle,
    paragraphs: [t.resetPassword.done],
    actions: [{ href: site.portalUrl, label: t.register.toPortal, primary: true }],
  });
}

/** An unknown, used or expired reset link: a new one is a click away. */
export function resetLinkInvalidPage(site: Site, locale: Locale): string {
  const t = messagesFor(locale);
  return messagePage({
    locale,
    links: site.links,
    title: t.register.linkInvalidTitle,
    paragraphs: [t.resetPassword.linkInvalid],
    actions: [
      {
        href: pagePath(ACCOUNT_PAGES.forgotPassword, locale),
        label: t.resetPassword.requestNewLink,
        primary: true,
      },
      { href: site.portalUrl, label: t.backToPortal },
    ],
  });
}
