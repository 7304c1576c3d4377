import { messagesFor, type Locale } from '../i18n/locale.ts';
import { PASSKEY_SCRIPT_PATH, WEBAUTHN_SCRIPT_PATH } from '../pages/assets.ts';
import { formAlert, hiddenFields } from '../pages/fields.ts';
import { html, type SafeHtml } from '../pages/html.ts';
import { layout, type LegalLinks } from '../pages/layout.ts';
import { MAX_PASSKEY_NAME } from './store.ts';
import { codeInput, problemLines, type CodeProblem } from '../second-factor/pages.ts';

interface PageBase {
  locale: Locale;
  links: LegalLinks;
  /** The interaction's paths start with it: `/interaction/<uid>`. */
  base: string;
  csrfToken: string;
}

/** The library's bundle, then ours (both same-origin files, as the CSP allows). */
export function passkeyScripts(): SafeHtml {
  return html`<script src="${WEBAUTHN_SCRIPT_PATH}" defer></script>
    <script src="${PASSKEY_SCRIPT_PATH}" defer></script>`;
}

export interface PasskeyCeremonyForm {
  ceremony: 'register' | 'authenticate';
  /** Where the script gets the ceremony's options. */
  optionsAction: string;
  /** Where the form posts the browser's answer. */
  action: string;
  csrfToken: string;
  /** The id of the status region the script writes to. */
  status: string;
  running: string;
  failed: string;
  unsupported?: string | undefined;
}

/** The form a ceremony's script runs: hidden `credential`, filled by the script. */
export function ceremonyFormAttributes(form: PasskeyCeremonyForm): SafeHtml {
  return html`method="post" action="${form.action}" data-passkey="${form.ceremony}"
  data-options="${form.optionsAction}" data-status="${form.status}" data-running="${form.running}"
  data-failed="${form.failed}"${form.unsupported ? html` data-unsupported="${form.unsupported}"` : ''}`;
}

export interface AddPasskeyPage extends PageBase {
  /** The name the field starts with (from the browser's user agent). */
  name: string;
  problem?: 'missing-name' | 'failed' | undefined;
}

/** `pp_action=add-passkey`: a name, then the browser's registration; back to the portal. */
export function addPasskeyPage(page: AddPasskeyPage): string {
  const t = messagesFor(page.locale).passkeys;
  const problem =
    page.problem === 'missing-name'
      ? [t.missingName]
      : page.problem === 'failed'
        ? [t.registrationFailed]
        : [];
  const invalid = page.problem === 'missing-name';
  const describedBy = ['passkey-name-hint', invalid ? 'form-error' : undefined]
    .filter(Boolean)
    .join(' ');
  const body = html`<h1>${t.addTitle}</h1>
    <p>${t.addIntro}</p>
    ${formAlert(problem)}
    <noscript><p class="notice">${t.noScript}</p></noscript>
    <p class="notice" id="passkey-unsupported" hidden>${t.unsupported}</p>
    <div data-passkey-block hidden>
      <form
        ${ceremonyFormAttributes({
          ceremony: 'register',
          optionsAction: `${page.base}/passkey/register-options`,
          action: `${page.base}/passkey/register`,
          csrfToken: page.csrfToken,
          status: 'passkey-status',
          running: t.running,
          failed: t.registrationFailed,
          unsupported: 'passkey-unsupported',
        })}
        id="add-passkey"
        class="stack"
      >
        ${hiddenFields({ csrf: page.csrfToken, credential: '' })}
        <div class="field">
          <label for="passkey-name">${t.nameLabel}</label>
          <input
            id="passkey-name"
            name="name"
            type="text"
            autocomplete="off"
            required
            maxlength="${MAX_PASSKEY_NAME}"
            value="${page.name}"
            aria-describedby="${describedBy}"
            ${invalid ? html` aria-invalid="true"` : ''}
            autofocus
          />
          <p class="hint" id="passkey-name-hint">${t.nameHint}</p>
        </div>
        <div class="actions">
          <button type="submit" class="primary">${t.add}</button>
        </div>
      </form>
      <p id="passkey-status" aria-live="polite"></p>
    </div>
    <form method="post" action="${page.base}/action/cancel" class="more">
      ${hiddenFields({ csrf: page.csrfToken })}
      <button type="submit" class="secondary">${t.cancel}</button>
    </form>
    ${passkeyScripts()}`;
  return layout({ locale: page.locale, title: t.addTitle, links: page.links, body });
}

export interface RemovePasskeyPage extends PageBase {
  passkeyName: string;
  /** The account has an authenticator app: its code confirms too. */
  withCode: boolean;
  problem?: CodeProblem | undefined;
  problemOf?: 'code' | 'password' | undefined;
}

/** `pp_action=remove-passkey`: the password (or a current code) first, then it is removed. */
export function removePasskeyPage(page: RemovePasskeyPage): string {
  const t = messagesFor(page.locale).passkeys;
  const s = messagesFor(page.locale).secondFactor;
  const codeInvalid = page.problemOf === 'code';
  const passwordInvalid = page.problemOf === 'password';
  const body = html`<h1>${t.removeTitle}</h1>
    <p>${t.removeIntro(page.passkeyName)}</p>
    ${formAlert(problemLines(page.locale, page.problem))}
    ${
      page.withCode
        ? html`<h2>${s.withCode}</h2>
            <form method="post" action="${page.base}/passkey/remove">
              ${hiddenFields({ csrf: page.csrfToken, method: 'code' })}
              ${codeInput({ id: 'code', name: 'code', label: s.codeLabel, kind: 'totp', invalid: codeInvalid, autofocus: !passwordInvalid })}
              <div class="actions">
                <button type="submit" class="primary">${t.removeSubmit}</button>
              </div>
            </form>
            <h2>${s.withPassword}</h2>`
        : ''
    }
    <form method="post" action="${page.base}/passkey/remove">
      ${hiddenFields({ csrf: page.csrfToken, method: 'password' })}
      ${codeInput({ id: 'password', name: 'password', label: s.password, kind: 'password', invalid: passwordInvalid, autofocus: passwordInvalid || !page.withCode })}
      <div class="actions"><button type="submit" class="primary">${t.removeSubmit}</button></div>
    </form>
    <form method="post" action="${page.base}/action/cancel" class="more">
      ${hiddenFields({ csrf: page.csrfToken })}
      <button type="submit" class="secondary">${t.cancel}</button>
    </form>`;
  return layout({ locale: page.locale, title: t.removeTitle, links: page.links, body });
}
