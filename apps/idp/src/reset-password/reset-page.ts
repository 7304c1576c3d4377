import type { NewPasswordProblems } from '../forms/password-rules.ts';
import { ACCOUNT_PAGES } from '../forms/paths.ts';
import { passwordHint, problemText } from '../forms/problem-text.ts';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import type { ResolvedOptions } from '../options.ts';
import { field, formAlert, hiddenFields } from '../pages/fields.ts';
import { html } from '../pages/html.ts';
import { layout } from '../pages/layout.ts';

export interface ResetForm {
  locale: Locale;
  csrfToken: string;
  token: string;
  /** The account's address, for password managers (read-only). */
  email: string;
  problems?: NewPasswordProblems;
}

/** The new password, typed twice; the link's secret travels in a hidden field. */
export function resetPage(site: Pick<ResolvedOptions, 'links'>, form: ResetForm): string {
  const { locale } = form;
  const t = messagesFor(locale);
  const problems = form.problems ?? {};
  const text = (problem: 'tooShort' | 'tooLong' | 'sameAsEmail' | 'mismatch' | undefined) =>
    problem ? problemText(locale, problem) : undefined;
  const body = html`<h1>${t.resetPassword.title}</h1>
    <p class="muted">${t.resetPassword.intro}</p>
    ${formAlert(Object.keys(problems).length > 0 ? [t.fields.summary] : [])}
    <form method="post" action="${ACCOUNT_PAGES.resetPassword}" novalidate>
      ${hiddenFields({ csrf: form.csrfToken, lang: locale, token: form.token })}
      ${field({
        id: 'email',
        name: 'username',
        label: t.fields.email,
        type: 'email',
        autocomplete: 'username',
        value: form.email,
        readonly: true,
      })}
      ${field({
        id: 'password',
        name: 'password',
        label: t.fields.newPassword,
        type: 'password',
        autocomplete: 'new-password',
        hint: passwordHint(locale),
        error: text(problems.password),
        autofocus: !problems.passwordRepeat || Boolean(problems.password),
      })}
      ${field({
        id: 'password-repeat',
        name: 'passwordRepeat',
        label: t.fields.passwordRepeat,
        type: 'password',
        autocomplete: 'new-password',
        error: text(problems.passwordRepeat),
        autofocus: Boolean(problems.passwordRepeat) && !problems.password,
      })}
      <div class="actions">
        <button type="submit" class="primary">${t.resetPassword.submit}</button>
      </div>
    </form>`;
  return layout({ locale, title: t.resetPassword.title, links: site.links, body });
}
