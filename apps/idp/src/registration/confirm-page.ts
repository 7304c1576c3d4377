import { ACCOUNT_PAGES, pagePath } from '../forms/paths.ts';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import type { ResolvedOptions } from '../options.ts';
import { field, formAlert, hiddenFields } from '../pages/fields.ts';
import { html } from '../pages/html.ts';
import { layout } from '../pages/layout.ts';

export type ConfirmProblem =
  | { kind: 'missing' }
  | { kind: 'wrong'; waitSeconds: number }
  | { kind: 'throttled'; waitSeconds: number };

export interface ConfirmForm {
  locale: Locale;
  csrfToken: string;
  /** The link's secret, posted back in a hidden field. */
  token: string;
  /** The account's address, for password managers (read-only). */
  email: string;
  problem?: ConfirmProblem;
  /** The portal path to return to after confirming, carried in a hidden field. */
  returnTo?: string | undefined;
}

function alerts(locale: Locale, problem: ConfirmProblem | undefined): string[] {
  const t = messagesFor(locale);
  if (problem?.kind === 'throttled') return [t.confirm.throttled(problem.waitSeconds)];
  if (problem?.kind === 'wrong' && problem.waitSeconds > 0) {
    return [t.signIn.waitBeforeRetry(problem.waitSeconds)];
  }
  return [];
}

/**
 * The page of the confirmation link: says what happens, and asks for the password chosen at the
 * registration — only that confirms the account (security finding 1, decision 0020).
 */
export function confirmPage(site: Pick<ResolvedOptions, 'links'>, form: ConfirmForm): string {
  const { locale, problem } = form;
  const t = messagesFor(locale).confirm;
  const error =
    problem?.kind === 'missing'
      ? t.missingPassword
      : problem?.kind === 'wrong'
        ? t.wrongPassword
        : undefined;
  const body = html`<h1>${t.title}</h1>
    <p class="muted">${t.intro}</p>
    ${formAlert(alerts(locale, problem))}
    <form method="post" action="${ACCOUNT_PAGES.verify}" novalidate>
      ${hiddenFields({
        csrf: form.csrfToken,
        lang: locale,
        token: form.token,
        ...(form.returnTo === undefined ? {} : { return: form.returnTo }),
      })}
      ${field({
        id: 'email',
        name: 'username',
        label: messagesFor(locale).fields.email,
        type: 'email',
        autocomplete: 'username',
        value: form.email,
        readonly: true,
      })}
      ${field({
        id: 'password',
        name: 'password',
        label: messagesFor(locale).fields.password,
        type: 'password',
        autocomplete: 'current-password',
        error,
        autofocus: true,
      })}
      <div class="actions">
        <button type="submit" class="primary">${t.submit}</button>
      </div>
    </form>
    <div class="more">
      <p>${t.notYou}</p>
      <p><a href="${pagePath(ACCOUNT_PAGES.forgotPassword, locale)}">${t.forgotPassword}</a></p>
    </div>`;
  return layout({ locale, title: t.title, links: site.links, body });
}
