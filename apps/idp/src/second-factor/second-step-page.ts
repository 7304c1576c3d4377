import { messagesFor, type Locale } from '../i18n/locale.ts';
import { formAlert, hiddenFields } from '../pages/fields.ts';
import { html, type SafeHtml } from '../pages/html.ts';
import { layout, type LegalLinks } from '../pages/layout.ts';
import type { SecondStepMethods } from './methods.ts';
import { ceremonyFormAttributes, passkeyScripts } from '../passkeys/pages.ts';
import { codeInput, problemLines, type CodeProblem } from './pages.ts';

/** What the second step asks for: the app's code, a recovery code, or a passkey. */
export type StepMode = 'totp' | 'recovery' | 'passkey';

export const STEP_MODES: readonly StepMode[] = ['totp', 'recovery', 'passkey'];

/** Whether the account can prove its second step this way. */
export function offers(methods: SecondStepMethods, mode: StepMode): boolean {
  if (mode === 'totp') return methods.app;
  if (mode === 'recovery') return methods.recoveryCodes > 0;
  return methods.passkeys;
}

/** The first way the page offers: the app, else a passkey, else a recovery code. */
export function firstMode(methods: SecondStepMethods): StepMode {
  return (['totp', 'passkey', 'recovery'] as const).find((mode) => offers(methods, mode)) ?? 'totp';
}

export type StepProblem =
  CodeProblem | { kind: 'passkey-refused' } | { kind: 'passkey-needs-verification' };

export interface SecondStepPage {
  locale: Locale;
  links: LegalLinks;
  base: string;
  csrfToken: string;
  mode: StepMode;
  methods: SecondStepMethods;
  problem?: StepProblem | undefined;
  /**
   * A sign-in's second step; a signed-in person's step-up (a practice asks for a second factor);
   * or the step-up right after the app was set up, whose code is spent: the next one counts.
   */
  purpose: 'sign-in' | 'step-up' | 'after-setup';
}

function problemOf(locale: Locale, problem: StepProblem | undefined): string[] {
  if (problem?.kind === 'passkey-refused') return [messagesFor(locale).secondFactor.passkeyRefused];
  if (problem?.kind === 'passkey-needs-verification') {
    return [messagesFor(locale).passkeys.needsVerification];
  }
  return problemLines(locale, problem);
}

function codeForm(page: SecondStepPage, mode: 'totp' | 'recovery'): SafeHtml {
  const t = messagesFor(page.locale).secondFactor;
  const invalid = page.problem !== undefined;
  const input =
    mode === 'recovery'
      ? { id: 'recovery-code', label: t.recoveryLabel, kind: 'recovery' as const }
      : { id: 'code', label: t.codeLabel, kind: 'totp' as const };
  return html`<form method="post" action="${page.base}/second-factor" id="second-factor">
    ${hiddenFields({ csrf: page.csrfToken, mode })}
    ${codeInput({ ...input, name: 'code', invalid, autofocus: true })}
    <div class="actions">
      <button type="submit" class="primary">${t.verify}</button>
    </div>
  </form>`;
}

function passkeyForm(page: SecondStepPage): SafeHtml {
  const t = messagesFor(page.locale).secondFactor;
  const p = messagesFor(page.locale).passkeys;
  return html`<noscript><p class="notice">${t.passkeyNoScript}</p></noscript>
    <p class="notice" id="passkey-unsupported" hidden>${t.passkeyUnsupported}</p>
    <div data-passkey-block hidden>
      <form
        ${ceremonyFormAttributes({
          ceremony: 'authenticate',
          optionsAction: `${page.base}/second-factor/passkey-options`,
          action: `${page.base}/second-factor/passkey`,
          csrfToken: page.csrfToken,
          status: 'passkey-status',
          running: p.running,
          failed: t.passkeyFailed,
          unsupported: 'passkey-unsupported',
        })}
        id="second-factor"
      >
        ${hiddenFields({ csrf: page.csrfToken, credential: '' })}
        <div class="actions">
          <button type="submit" class="primary" autofocus>${t.usePasskeyNow}</button>
        </div>
      </form>
      <p id="passkey-status" aria-live="polite"></p>
    </div>
    ${passkeyScripts()}`;
}

/** "Instead, use …": a button for each other way the account offers. */
function otherModes(page: SecondStepPage): SafeHtml[] {
  const t = messagesFor(page.locale).secondFactor;
  const label = { totp: t.useApp, recovery: t.useRecoveryCode, passkey: t.usePasskey };
  return STEP_MODES.filter((mode) => mode !== page.mode && offers(page.methods, mode)).map(
    (mode) =>
      html`<form method="post" action="${page.base}/second-factor/mode" class="more">
        ${hiddenFields({ csrf: page.csrfToken, mode })}
        <button type="submit" class="link-button">${label[mode]}</button>
      </form>`,
  );
}

/**
 * The second step after the password (issue 41): the app's code, a recovery code or a passkey,
 * whichever the account has, each offering the others.
 */
export function secondStepPage(page: SecondStepPage): string {
  const t = messagesFor(page.locale).secondFactor;
  const title = { totp: t.codeTitle, recovery: t.recoveryTitle, passkey: t.passkeyTitle }[
    page.mode
  ];
  const intro = { totp: t.codeIntro, recovery: t.recoveryIntro, passkey: t.passkeyIntro }[
    page.mode
  ];
  const lead = { 'sign-in': '', 'step-up': t.stepUpLead, 'after-setup': t.afterSetupLead }[
    page.purpose
  ];
  const cancel =
    page.purpose === 'sign-in'
      ? { action: `${page.base}/abort`, label: messagesFor(page.locale).signIn.cancel }
      : { action: `${page.base}/action/cancel`, label: t.cancel };
  const body = html`<h1>${title}</h1>
    ${lead ? html`<div class="notice" role="status"><p>${lead}</p></div>` : ''}
    <p class="muted">${intro}</p>
    ${page.mode === 'recovery' ? html`<p>${t.recoveryLeft(page.methods.recoveryCodes)}</p>` : ''}
    ${formAlert(problemOf(page.locale, page.problem))}
    ${page.mode === 'passkey' ? passkeyForm(page) : codeForm(page, page.mode)} ${otherModes(page)}
    <form method="post" action="${cancel.action}" class="more">
      ${hiddenFields({ csrf: page.csrfToken })}
      <button type="submit" class="secondary">${cancel.label}</button>
    </form>`;
  return layout({ locale: page.locale, title, links: page.links, body });
}
