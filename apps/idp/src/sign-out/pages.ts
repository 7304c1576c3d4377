import { messagesFor, type Locale } from '../i18n/locale.ts';
import { SIGN_OUT_SCRIPT_PATH } from '../pages/assets.ts';
import { html, trusted } from '../pages/html.ts';
import { layout, type LegalLinks } from '../pages/layout.ts';

/**
 * The confirmation oidc-provider asks for before ending the session. `providerForm` is its own
 * `<form id="op.logoutForm">` carrying the session's anti-forgery value; our buttons submit it.
 */
export function signOutPage(
  locale: Locale,
  links: LegalLinks,
  providerForm: string,
  confirmed = false,
): string {
  const t = messagesFor(locale).signOut;
  // Asked for by the portal itself: confirm at once (the script submits the form with logout=yes).
  const autoConfirm = confirmed
    ? html`<input type="hidden" name="logout" value="yes" form="op.logoutForm" />
        <script src="${SIGN_OUT_SCRIPT_PATH}" defer></script>`
    : '';
  const body = html`<h1>${t.title}</h1>
    <p>${confirmed ? t.inProgress : t.question}</p>
    ${trusted(providerForm)} ${autoConfirm}
    <div class="actions">
      <button
        type="submit"
        class="primary"
        form="op.logoutForm"
        name="logout"
        value="yes"
        autofocus
      >
        ${t.confirm}
      </button>
      ${
        confirmed
          ? ''
          : html`<button type="submit" class="secondary" form="op.logoutForm">${t.stay}</button>`
      }
    </div>`;
  return layout({ locale, title: t.title, links, body });
}

/** Shown after sign-out when the client gave no address to return to. */
export function signedOutPage(locale: Locale, links: LegalLinks, portalUrl: string): string {
  const t = messagesFor(locale);
  const body = html`<h1>${t.signOut.doneTitle}</h1>
    <p>${t.signOut.done}</p>
    <p><a href="${portalUrl}">${t.backToPortal}</a></p>`;
  return layout({ locale, title: t.signOut.doneTitle, links, body });
}
