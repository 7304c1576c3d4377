import { messagesFor, type Locale } from '../i18n/locale.ts';
import { formAlert, hiddenFields } from '../pages/fields.ts';
import { html, type SafeHtml } from '../pages/html.ts';
import { layout, type LegalLinks } from '../pages/layout.ts';
import { codeInput, problemLines, type CodeProblem } from '../second-factor/pages.ts';

/**
 * The page of a verified action (issue 41, finding 3): what is about to happen, then the
 * password or a current code of the app — or, proven within the last five minutes, one button.
 * Every add, remove and renewal of a second factor shows it.
 */
export interface VerifiedActionPage {
  locale: Locale;
  links: LegalLinks;
  base: string;
  csrfToken: string;
  title: string;
  intro: string;
  /** Where the forms post: the action's own path under the interaction. */
  action: string;
  submit: string;
  /** The account has an app: a current code confirms too. */
  withCode: boolean;
  /** Proven recently: no fields. */
  verified: boolean;
  problem?: CodeProblem | undefined;
  /** Which of the two forms the problem belongs to. */
  problemOf?: 'code' | 'password' | undefined;
}

function proofForms(page: VerifiedActionPage): SafeHtml {
  const t = messagesFor(page.locale).secondFactor;
  const action = `${page.base}/${page.action}`;
  const submit = html`<div class="actions">
    <button type="submit" class="primary">${page.submit}</button>
  </div>`;
  if (page.verified) {
    return html`<p class="muted">${t.verifiedIntro}</p>
      <form method="post" action="${action}">
        ${hiddenFields({ csrf: page.csrfToken, method: 'verified' })} ${submit}
      </form>`;
  }
  const passwordInvalid = page.problemOf === 'password';
  const byCode = html`<h2>${t.withCode}</h2>
    <form method="post" action="${action}">
      ${hiddenFields({ csrf: page.csrfToken, method: 'code' })}
      ${codeInput({ id: 'code', name: 'code', label: t.codeLabel, kind: 'totp', invalid: page.problemOf === 'code', autofocus: !passwordInvalid })}
      ${submit}
    </form>
    <h2>${t.withPassword}</h2>`;
  return html`${page.withCode ? byCode : ''}
    <form method="post" action="${action}">
      ${hiddenFields({ csrf: page.csrfToken, method: 'password' })}
      ${codeInput({ id: 'password', name: 'password', label: t.password, kind: 'password', invalid: passwordInvalid, autofocus: passwordInvalid || !page.withCode })}
      ${submit}
    </form>`;
}

export function verifiedActionPage(page: VerifiedActionPage): string {
  const t = messagesFor(page.locale).secondFactor;
  const body = html`<h1>${page.title}</h1>
    <p>${page.intro}</p>
    ${formAlert(problemLines(page.locale, page.problem))} ${proofForms(page)}
    <form method="post" action="${page.base}/action/cancel" class="more">
      ${hiddenFields({ csrf: page.csrfToken })}
      <button type="submit" class="secondary">${t.cancel}</button>
    </form>`;
  return layout({ locale: page.locale, title: page.title, links: page.links, body });
}
