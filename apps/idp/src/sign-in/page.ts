import { messagesFor, type Locale } from '../i18n/locale.ts';
import { html } from '../pages/html.ts';
import { layout, type LegalLinks } from '../pages/layout.ts';
import { ceremonyFormAttributes, passkeyScripts } from '../passkeys/pages.ts';
import { accountLinks, resendForm, type ResendOffer } from './account-links.ts';

export type SignInProblem =
  | { kind: 'invalid-credentials'; waitSeconds: number }
  | { kind: 'missing-fields' }
  | { kind: 'throttled'; waitSeconds: number }
  | { kind: 'unverified'; resend: ResendOffer }
  | { kind: 'passkey-refused' }
  | { kind: 'passkey-needs-verification' };

/** Why the portal sent the person to sign in again (`pp_notice`). */
export type SignInNotice = 'signed-out' | 'idle' | 'account-deleted' | 'ended-elsewhere';

/** The sign-in form's id: the language switch posts it, so the typed address stays. */
export const SIGN_IN_FORM = 'sign-in';

export interface SignInPage {
  locale: Locale;
  links: LegalLinks;
  /** Where the form posts to, and the interaction's CSRF token. */
  loginAction: string;
  abortAction: string;
  csrfToken: string;
  email: string;
  problem?: SignInProblem | undefined;
  notice?: SignInNotice | undefined;
  /** The portal path a registration from here returns to. */
  returnTo?: string | undefined;
  /** Where the passkey script gets its options, and where it posts the browser's answer. */
  passkeyOptionsAction: string;
  passkeyAction: string;
}

const ERROR_ID = 'sign-in-error';

function problemText(locale: Locale, problem: SignInProblem): string[] {
  const t = messagesFor(locale).signIn;
  switch (problem.kind) {
    case 'invalid-credentials':
      return problem.waitSeconds > 0
        ? [t.invalidCredentials, t.waitBeforeRetry(problem.waitSeconds)]
        : [t.invalidCredentials];
    case 'missing-fields':
      return [t.missingFields];
    case 'throttled':
      return [t.throttled(problem.waitSeconds)];
    case 'unverified':
      return [t.unverified];
    case 'passkey-refused':
      return [messagesFor(locale).passkeys.refused];
    case 'passkey-needs-verification':
      return [messagesFor(locale).passkeys.needsVerification];
  }
}

/** The sign-in form; a problem is announced and tied to both inputs. */
export function signInPage(page: SignInPage): string {
  const t = messagesFor(page.locale).signIn;
  const problem = page.problem;
  const describedBy = problem ? ERROR_ID : undefined;
  // An unconfirmed address is no mistake in what was typed.
  const invalid =
    problem && ['invalid-credentials', 'missing-fields'].includes(problem.kind)
      ? 'true'
      : undefined;
  const p = messagesFor(page.locale).passkeys;
  const focusPassword = page.email !== '';
  const notice = page.notice && !problem ? page.notice : undefined;
  const body = html`<h1>${t.title}</h1>
    ${
      notice
        ? html`<div class="notice" role="status">
            <p>
              ${notice === 'idle' ? t.signedOutIdle : notice === 'account-deleted' ? t.accountDeleted : notice === 'ended-elsewhere' ? t.endedElsewhere : t.signedOut}
            </p>
          </div>`
        : undefined
    }
    <p class="muted">${t.intro}</p>
    ${
      problem
        ? html`<div class="alert" id="${ERROR_ID}" role="alert">
            ${problemText(page.locale, problem).map((line) => html`<p>${line}</p>`)}
          </div>`
        : undefined
    }
    <form method="post" action="${page.loginAction}" id="${SIGN_IN_FORM}">
      <input type="hidden" name="csrf" value="${page.csrfToken}" />
      <div class="field">
        <label for="email">${t.email}</label>
        <input
          id="email"
          name="email"
          type="email"
          inputmode="email"
          autocomplete="username"
          autocapitalize="none"
          spellcheck="false"
          required
          maxlength="254"
          value="${page.email}"
          ${attr('aria-describedby', describedBy)}${attr('aria-invalid', invalid)}${focusPassword ? '' : html` autofocus`}
        />
      </div>
      <div class="field">
        <label for="password">${t.password}</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          maxlength="1024"
          ${attr('aria-describedby', describedBy)}${attr('aria-invalid', invalid)}${focusPassword ? html` autofocus` : ''}
        />
      </div>
      <div class="actions">
        <button type="submit" class="primary">${t.submit}</button>
        <button type="submit" class="secondary" form="abort">${t.cancel}</button>
      </div>
    </form>
    <form id="abort" method="post" action="${page.abortAction}">
      <input type="hidden" name="csrf" value="${page.csrfToken}" />
    </form>
    <div class="more" data-passkey-block hidden>
      <p>${p.or}</p>
      <form
        ${ceremonyFormAttributes({
          ceremony: 'authenticate',
          optionsAction: page.passkeyOptionsAction,
          action: page.passkeyAction,
          csrfToken: page.csrfToken,
          status: 'passkey-status',
          running: p.running,
          failed: p.browserFailed,
        })}
        id="passkey-sign-in"
      >
        <input type="hidden" name="csrf" value="${page.csrfToken}" />
        <input type="hidden" name="credential" value="" />
        <button type="submit" class="secondary">${p.signIn}</button>
      </form>
      <p id="passkey-status" aria-live="polite"></p>
    </div>
    ${problem?.kind === 'unverified' ? resendForm(page.locale, problem.resend) : undefined}
    ${accountLinks(page.locale, page.returnTo)} ${passkeyScripts()}`;
  return layout({ locale: page.locale, title: t.title, links: page.links, body });
}

function attr(name: string, value: string | undefined) {
  return value === undefined ? '' : html` ${name}="${value}"`;
}
