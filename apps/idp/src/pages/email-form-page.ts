import type { EmailProblem } from '../forms/email-rules.ts';
import { problemText } from '../forms/problem-text.ts';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import { field, formAlert, hiddenFields } from './fields.ts';
import { html } from './html.ts';
import { layout, type LegalLinks } from './layout.ts';
import type { PageAction } from './message-page.ts';

export interface EmailFormPage {
  locale: Locale;
  links: LegalLinks;
  title: string;
  intro: string;
  action: string;
  submit: string;
  csrfToken: string;
  email: string;
  problem?: EmailProblem | undefined;
  /** Too many requests from the client's address: seconds to wait. */
  waitSeconds?: number | undefined;
  /** Links under the form (back to the sign-in). */
  more: readonly PageAction[];
}

/** A form that asks only for an address (a new confirmation link, a forgotten password). */
export function emailFormPage(page: EmailFormPage): string {
  const t = messagesFor(page.locale).fields;
  const alerts = [
    ...(page.problem ? [t.summary] : []),
    ...(page.waitSeconds ? [t.throttled(page.waitSeconds)] : []),
  ];
  const body = html`<h1>${page.title}</h1>
    <p class="muted">${page.intro}</p>
    ${formAlert(alerts)}
    <form method="post" action="${page.action}" novalidate>
      ${hiddenFields({ csrf: page.csrfToken, lang: page.locale })}
      ${field({
        id: 'email',
        name: 'email',
        label: t.email,
        type: 'email',
        autocomplete: 'email',
        value: page.email,
        error: page.problem ? problemText(page.locale, page.problem) : undefined,
        autofocus: true,
      })}
      <div class="actions">
        <button type="submit" class="primary">${page.submit}</button>
      </div>
    </form>
    <div class="more">
      ${page.more.map((link) => html`<p><a href="${link.href}">${link.label}</a></p>`)}
    </div>`;
  return layout({ locale: page.locale, title: page.title, links: page.links, body });
}
