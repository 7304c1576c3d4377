import { ACCOUNT_PAGES, pagePath } from '../forms/paths.ts';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import { hiddenFields } from '../pages/fields.ts';
import { html, type SafeHtml } from '../pages/html.ts';

/**
 * "Passwort vergessen?" and "Registrieren" under the sign-in form. Both pages are outside the
 * interaction: afterwards the visitor starts again from the portal (decision 0020) — after a
 * registration at the portal path the sign-in was for (`returnTo`, decision 0058).
 */
export function accountLinks(locale: Locale, returnTo?: string): SafeHtml {
  const t = messagesFor(locale).signIn;
  return html`<div class="more">
    <p><a href="${pagePath(ACCOUNT_PAGES.forgotPassword, locale)}">${t.forgotPassword}</a></p>
    <p>
      ${t.noAccount}
      <a href="${pagePath(ACCOUNT_PAGES.register, locale, returnTo)}">${t.register}</a>
    </p>
  </div>`;
}

/** What the sign-in page needs to offer a new confirmation link (a form of the account pages). */
export interface ResendOffer {
  email: string;
  /** The account pages' form token (not the interaction's). */
  csrfToken: string;
}

/** Sends a new confirmation link to the address just typed; answers the same for any address. */
export function resendForm(locale: Locale, offer: ResendOffer): SafeHtml {
  const t = messagesFor(locale).signIn;
  return html`<form method="post" action="${ACCOUNT_PAGES.resend}" class="more">
    ${hiddenFields({ csrf: offer.csrfToken, lang: locale, email: offer.email })}
    <button type="submit" class="secondary">${t.resendVerification}</button>
  </form>`;
}
