import type { EmailProblem } from '../forms/email-rules.ts';
import type { NewPasswordProblems } from '../forms/password-rules.ts';
import { ACCOUNT_PAGES } from '../forms/paths.ts';
import { passwordHint, problemText } from '../forms/problem-text.ts';
import { portalAddress } from '../forms/return-path.ts';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import { field, formAlert, hiddenFields } from '../pages/fields.ts';
import { html } from '../pages/html.ts';
import { layout, type LegalLinks } from '../pages/layout.ts';

export interface RegisterProblems extends NewPasswordProblems {
  email?: EmailProblem;
}

export interface RegisterPage {
  locale: Locale;
  links: LegalLinks;
  portalUrl: string;
  csrfToken: string;
  /** What was typed, shown again; passwords never are. */
  email: string;
  problems?: RegisterProblems;
  waitSeconds?: number | undefined;
  /** The portal path to return to after confirming, carried in a hidden field. */
  returnTo?: string | undefined;
}

/** The registration form: e-mail, password, password repeated; each problem under its field. */
export function registerPage(page: RegisterPage): string {
  const { locale } = page;
  const t = messagesFor(locale);
  const problems = page.problems ?? {};
  const text = (problem: Parameters<typeof problemText>[1] | undefined) =>
    problem ? problemText(locale, problem) : undefined;
  const firstInvalid = problems.email
    ? 'email'
    : problems.password
      ? 'password'
      : problems.passwordRepeat
        ? 'password-repeat'
        : 'email';
  const alerts = [
    ...(Object.keys(problems).length > 0 ? [t.fields.summary] : []),
    ...(page.waitSeconds ? [t.fields.throttled(page.waitSeconds)] : []),
  ];
  const body = html`<h1>${t.register.title}</h1>
    <p class="muted">${t.register.intro}</p>
    ${formAlert(alerts)}
    <form method="post" action="${ACCOUNT_PAGES.register}" novalidate>
      ${hiddenFields({
        csrf: page.csrfToken,
        lang: locale,
        ...(page.returnTo === undefined ? {} : { return: page.returnTo }),
      })}
      ${field({
        id: 'email',
        name: 'email',
        label: t.fields.email,
        type: 'email',
        autocomplete: 'email',
        value: page.email,
        error: text(problems.email),
        autofocus: firstInvalid === 'email',
      })}
      ${field({
        id: 'password',
        name: 'password',
        label: t.fields.password,
        type: 'password',
        autocomplete: 'new-password',
        hint: passwordHint(locale),
        error: text(problems.password),
        autofocus: firstInvalid === 'password',
      })}
      ${field({
        id: 'password-repeat',
        name: 'passwordRepeat',
        label: t.fields.passwordRepeat,
        type: 'password',
        autocomplete: 'new-password',
        error: text(problems.passwordRepeat),
        autofocus: firstInvalid === 'password-repeat',
      })}
      <div class="actions">
        <button type="submit" class="primary">${t.register.submit}</button>
      </div>
    </form>
    <div class="more">
      <p>
        ${t.register.haveAccount}
        <a href="${portalAddress(page.portalUrl, page.returnTo)}">${t.register.signIn}</a>
      </p>
    </div>`;
  return layout({ locale, title: t.register.title, links: page.links, body });
}
