import type { Locale } from '../i18n/locale.ts';
import { html } from './html.ts';
import { layout, type LegalLinks } from './layout.ts';

export interface PageAction {
  href: string;
  label: string;
  /** Shown as the page's main button. */
  primary?: boolean;
}

export interface MessagePage {
  locale: Locale;
  links: LegalLinks;
  title: string;
  paragraphs: readonly string[];
  actions: readonly PageAction[];
}

/** A page that only says something and offers where to go next (sent, confirmed, invalid link). */
export function messagePage(page: MessagePage): string {
  const body = html`<h1>${page.title}</h1>
    ${page.paragraphs.map((text) => html`<p>${text}</p>`)}
    <div class="actions">
      ${page.actions.map((action) =>
        action.primary
          ? html`<a class="button primary" href="${action.href}">${action.label}</a>`
          : html`<a href="${action.href}">${action.label}</a>`,
      )}
    </div>`;
  return layout({ locale: page.locale, title: page.title, links: page.links, body });
}
