import { messagesFor, type Locale } from '../i18n/locale.ts';
import { html } from './html.ts';
import { layout, type LegalLinks } from './layout.ts';

export type ErrorKind = 'generic' | 'expired' | 'forbidden' | 'notFound' | 'invalidInput';

export interface ErrorPage {
  locale: Locale;
  links: LegalLinks;
  portalUrl: string;
  kind: ErrorKind;
  /** The OAuth error code (e.g. `invalid_request`), shown to quote to support. */
  code?: string | undefined;
  /** The provider's English technical description, folded away. */
  description?: string | undefined;
}

export function errorPage(page: ErrorPage): string {
  const t = messagesFor(page.locale);
  const body = html`<h1>${t.error.title}</h1>
    <p>${t.error[page.kind]}</p>
    ${page.code ? html`<p class="muted">${t.error.code}: <code>${page.code}</code></p>` : undefined}
    ${
      page.description
        ? html`<details>
            <summary>${t.error.details}</summary>
            <p lang="en">${page.description}</p>
          </details>`
        : undefined
    }
    <p><a href="${page.portalUrl}">${t.backToPortal}</a></p>`;
  return layout({ locale: page.locale, title: t.error.title, links: page.links, body });
}
