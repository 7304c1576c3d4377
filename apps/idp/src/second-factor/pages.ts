import { renderSVG } from 'uqr';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import { SECOND_FACTOR_SCRIPT_PATH } from '../pages/assets.ts';
import { formAlert, hiddenFields } from '../pages/fields.ts';
import { html, trusted, type SafeHtml } from '../pages/html.ts';
import { layout, type LegalLinks } from '../pages/layout.ts';
import type { PpAction } from '../interaction/account-actions.ts';

/** What went wrong with what the person typed. */
export type CodeProblem =
  | { kind: 'wrong-code' | 'wrong-recovery-code' | 'wrong-password'; waitSeconds: number }
  | { kind: 'missing-code' | 'missing-password' }
  | { kind: 'throttled'; waitSeconds: number };

interface PageBase {
  locale: Locale;
  links: LegalLinks;
  /** The interaction's paths start with it: `/interaction/<uid>`. */
  base: string;
  csrfToken: string;
}

export function problemLines(locale: Locale, problem: CodeProblem | undefined): string[] {
  if (!problem) return [];
  const t = messagesFor(locale).secondFactor;
  const wait = messagesFor(locale).signIn.waitBeforeRetry;
  switch (problem.kind) {
    case 'throttled':
      return [t.throttled(problem.waitSeconds)];
    case 'missing-code':
      return [t.missingCode];
    case 'missing-password':
      return [t.missingPassword];
    default: {
      const text = {
        'wrong-code': t.wrongCode,
        'wrong-recovery-code': t.wrongRecoveryCode,
        'wrong-password': t.wrongPassword,
      }[problem.kind];
      return problem.waitSeconds > 0 ? [text, wait(problem.waitSeconds)] : [text];
    }
  }
}

interface CodeInput {
  id: string;
  name: string;
  label: string;
  kind: 'totp' | 'recovery' | 'password';
  hint?: string | undefined;
  invalid?: boolean;
  autofocus?: boolean;
}

/** An input for a code (six digits, or a recovery code) or the password. */
export function codeInput(input: CodeInput): SafeHtml {
  const hintId = input.hint ? `${input.id}-hint` : undefined;
  const describedBy = [input.invalid ? 'form-error' : undefined, hintId].filter(Boolean).join(' ');
  const kind = {
    totp: html`type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*"
    maxlength="8" spellcheck="false"`,
    recovery: html`type="text" autocomplete="off" autocapitalize="none" spellcheck="false"
    maxlength="32"`,
    password: html`type="password" autocomplete="current-password" maxlength="1024"`,
  }[input.kind];
  return html`<div class="field">
    <label for="${input.id}">${input.label}</label>
    <input
      id="${input.id}"
      name="${input.name}"
      ${kind}
      required${describedBy ? html` aria-describedby="${describedBy}"` : ''}${input.invalid ? html` aria-invalid="true"` : ''}${input.autofocus ? html` autofocus` : ''}
    />
    ${hintId ? html`<p class="hint" id="${hintId}">${input.hint}</p>` : ''}
  </div>`;
}

export interface SignInCodePage extends PageBase {
  mode: 'totp' | 'recovery';
  recoveryLeft: number;
  problem?: CodeProblem | undefined;
}

/** The second step of a sign-in: a code from the app, or a recovery code in its place. */
export function signInCodePage(page: SignInCodePage): string {
  const t = messagesFor(page.locale).secondFactor;
  const recovery = page.mode === 'recovery';
  const title = recovery ? t.recoveryTitle : t.codeTitle;
  const invalid = page.problem !== undefined;
  const body = html`<h1>${title}</h1>
    <p class="muted">${recovery ? t.recoveryIntro : t.codeIntro}</p>
    ${recovery ? html`<p>${t.recoveryLeft(page.recoveryLeft)}</p>` : ''}
    ${formAlert(problemLines(page.locale, page.problem))}
    <form method="post" action="${page.base}/second-factor" id="second-factor">
      ${hiddenFields({ csrf: page.csrfToken, mode: page.mode })}
      ${codeInput(
        recovery
          ? {
              id: 'recovery-code',
              name: 'code',
              label: t.recoveryLabel,
              kind: 'recovery',
              invalid,
              autofocus: true,
            }
          : {
              id: 'code',
              name: 'code',
              label: t.codeLabel,
              kind: 'totp',
              invalid,
              autofocus: true,
            },
      )}
      <div class="actions">
        <button type="submit" class="primary">${t.verify}</button>
      </div>
    </form>
    <form method="post" action="${page.base}/second-factor/mode" class="more">
      ${hiddenFields({ csrf: page.csrfToken, mode: recovery ? 'totp' : 'recovery' })}
      <button type="submit" class="link-button">${recovery ? t.useApp : t.useRecoveryCode}</button>
    </form>
    <form method="post" action="${page.base}/abort" class="more">
      ${hiddenFields({ csrf: page.csrfToken })}
      <button type="submit" class="secondary">${messagesFor(page.locale).signIn.cancel}</button>
    </form>`;
  return layout({ locale: page.locale, title, links: page.links, body });
}

/** The QR code of the `otpauth://` URI as inline SVG, named for screen readers. */
function qrCode(uri: string, label: string): SafeHtml {
  const svg = renderSVG(uri, { border: 2 }).replace(
    '<svg ',
    `<svg class="qr" role="img" aria-label="${label.replace(/"/g, '&quot;')}" `,
  );
  return trusted(svg);
}

/** `ABCD EFGH …`: the key in groups of four, as apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export interface SetupPage extends PageBase {
  secret: string;
  uri: string;
  problem?: CodeProblem | undefined;
  /** The practice that requires a second factor, when the sign-in asks for the setup. */
  requiredBy?: string | undefined;
}

/** Setting up the authenticator app: QR code, the key for typing, a link, and a code to confirm. */
export function setupPage(page: SetupPage): string {
  const t = messagesFor(page.locale).secondFactor;
  const invalid = page.problem !== undefined;
  const required = page.requiredBy;
  const body = html`<h1>${t.setupTitle}</h1>
    ${required === undefined ? '' : html`<div class="notice"><p>${t.requiredBy(required)}</p></div>`}
    <p>${t.setupIntro}</p>
    ${formAlert(problemLines(page.locale, page.problem))} ${qrCode(page.uri, t.qrLabel)}
    <p>${t.secretLabel}</p>
    <p class="secret" id="totp-secret">${grouped(page.secret)}</p>
    <p><a href="${page.uri}">${t.openInApp}</a></p>
    <form method="post" action="${page.base}/totp/confirm" id="totp-confirm" class="stack">
      ${hiddenFields({ csrf: page.csrfToken })}
      ${codeInput({ id: 'code', name: 'code', label: t.confirmLabel, kind: 'totp', hint: t.confirmHint, invalid, autofocus: invalid })}
      <div class="actions">
        <button type="submit" class="primary">${t.confirmSubmit}</button>
        <button type="submit" class="secondary" form="cancel">
          ${required === undefined ? t.cancel : t.later}
        </button>
      </div>
    </form>
    <form id="cancel" method="post" action="${page.base}/action/cancel">
      ${hiddenFields({ csrf: page.csrfToken })}
    </form>`;
  return layout({ locale: page.locale, title: t.setupTitle, links: page.links, body });
}

export interface RecoveryCodesPage {
  locale: Locale;
  links: LegalLinks;
  email: string;
  codes: readonly string[];
  /** Shown above the codes (the app was just set up). */
  lead?: string | undefined;
  /** Where "Weiter zum Portal" goes: the finished authorization. */
  continueHref: string;
  /** The continue button's text, where it does not go to the portal. */
  continueLabel?: string | undefined;
}

/** The new recovery codes, shown once: copy (with script) and download as a text file. */
export function recoveryCodesPage(page: RecoveryCodesPage): string {
  const t = messagesFor(page.locale).secondFactor;
  const text = [t.fileTitle(page.email), '', ...page.codes, ''].join('\n');
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  const body = html`<h1>${t.codesTitle}</h1>
    ${page.lead ? html`<div class="notice" role="status"><p>${page.lead}</p></div>` : ''}
    <p>${t.codesIntro}</p>
    <ul class="codes" id="recovery-codes" aria-label="${t.codesListLabel}" data-text="${text}">
      ${page.codes.map((code) => html`<li>${code}</li>`)}
    </ul>
    <div class="actions">
      <button
        type="button"
        class="secondary"
        data-copy="recovery-codes"
        data-status="copy-status"
        data-done="${t.copied}"
        hidden
      >
        ${t.copy}
      </button>
      <a class="button secondary" href="${href}" download="recovery-codes.txt">${t.download}</a>
    </div>
    <p role="status" id="copy-status"></p>
    <div class="actions">
      <a class="button primary" href="${page.continueHref}">${page.continueLabel ?? t.continue}</a>
    </div>
    <script src="${SECOND_FACTOR_SCRIPT_PATH}" defer></script>`;
  return layout({ locale: page.locale, title: t.codesTitle, links: page.links, body });
}

export interface ConfirmActionPage extends PageBase {
  action: Extract<PpAction, 'remove-totp' | 'new-recovery-codes'>;
  problem?: CodeProblem | undefined;
  /** Which of the two forms the problem belongs to. */
  problemOf?: 'code' | 'password' | undefined;
}

/** Removing the app or replacing the recovery codes: a current code or the password first. */
export function confirmActionPage(page: ConfirmActionPage): string {
  const t = messagesFor(page.locale).secondFactor;
  const remove = page.action === 'remove-totp';
  const title = remove ? t.removeTitle : t.newCodesTitle;
  const submit = remove ? t.removeSubmit : t.newCodesSubmit;
  const codeInvalid = page.problemOf === 'code';
  const passwordInvalid = page.problemOf === 'password';
  const body = html`<h1>${title}</h1>
    <p>${remove ? t.removeIntro : t.newCodesIntro}</p>
    ${formAlert(problemLines(page.locale, page.problem))}
    <h2>${t.withCode}</h2>
    <form method="post" action="${page.base}/action/verify">
      ${hiddenFields({ csrf: page.csrfToken, method: 'code' })}
      ${codeInput({ id: 'code', name: 'code', label: t.codeLabel, kind: 'totp', invalid: codeInvalid, autofocus: !passwordInvalid })}
      <div class="actions"><button type="submit" class="primary">${submit}</button></div>
    </form>
    <h2>${t.withPassword}</h2>
    <form method="post" action="${page.base}/action/verify">
      ${hiddenFields({ csrf: page.csrfToken, method: 'password' })}
      ${codeInput({ id: 'password', name: 'password', label: t.password, kind: 'password', invalid: passwordInvalid, autofocus: passwordInvalid })}
      <div class="actions"><button type="submit" class="primary">${submit}</button></div>
    </form>
    <form method="post" action="${page.base}/action/cancel" class="more">
      ${hiddenFields({ csrf: page.csrfToken })}
      <button type="submit" class="secondary">${t.cancel}</button>
    </form>`;
  return layout({ locale: page.locale, title, links: page.links, body });
}

export interface ActionNoticePage extends PageBase {
  title: string;
  text: string;
}

/** An action that has nothing to do (already set up, nothing to remove): back to the portal. */
export function actionNoticePage(page: ActionNoticePage): string {
  const t = messagesFor(page.locale).secondFactor;
  const body = html`<h1>${page.title}</h1>
    <p>${page.text}</p>
    <form method="post" action="${page.base}/action/cancel">
      ${hiddenFields({ csrf: page.csrfToken })}
      <div class="actions"><button type="submit" class="primary">${t.continue}</button></div>
    </form>`;
  return layout({ locale: page.locale, title: page.title, links: page.links, body });
}
