import type { Locale } from '../i18n/locale.ts';
import { messagesFor } from '../i18n/locale.ts';
import { INLINE_STYLES, STYLESHEET_PATH } from './assets.ts';
import { html, trusted, type SafeHtml } from './html.ts';

/**
 * What the operator configured for every page: Impressum, privacy and accessibility pages in the
 * footer, the portal's name (absent: the translated default) and logo (an absolute URL) in the
 * header.
 */
export interface LegalLinks {
  imprintUrl?: string | undefined;
  privacyUrl?: string | undefined;
  portalName?: string | undefined;
  logoUrl?: string | undefined;
  /** The portal's accessibility statement (decision 0080). */
  accessibilityUrl?: string | undefined;
}

export interface PageFrame {
  locale: Locale;
  title: string;
  links: LegalLinks;
  body: SafeHtml;
  /**
   * `inline` (the provider's pages): the stylesheet in the page, allowed by its hash in the
   * provider's Content-Security-Policy (decision 0087); `link`: the stylesheet's file, for pages
   * served elsewhere (the portal's newsletter pages).
   */
  styles?: 'inline' | 'link';
}

function footer(locale: Locale, links: LegalLinks): SafeHtml {
  const t = messagesFor(locale);
  const items = [
    links.imprintUrl ? html`<li><a href="${links.imprintUrl}">${t.imprint}</a></li>` : undefined,
    links.privacyUrl ? html`<li><a href="${links.privacyUrl}">${t.privacy}</a></li>` : undefined,
    links.accessibilityUrl
      ? html`<li><a href="${links.accessibilityUrl}?lang=${locale}">${t.accessibility}</a></li>`
      : undefined,
  ].filter((item) => item !== undefined);
  if (items.length === 0) return html``;
  return html`<footer class="footer">
    <ul>
      ${items}
    </ul>
  </footer>`;
}

/** The document around every provider page: language, title, stylesheet, landmarks. */
export function layout({ locale, title, links, body, styles = 'inline' }: PageFrame): string {
  const t = messagesFor(locale);
  const name = links.portalName ?? t.productName;
  return html`<!doctype html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <meta name="description" content="${name}: ${t.description}" />
        <title>${title} – ${name}</title>
        ${
          styles === 'inline'
            ? trusted(`<style>${INLINE_STYLES}</style>`)
            : html`<link rel="stylesheet" href="${STYLESHEET_PATH}" />`
        }
      </head>
      <body>
        <a class="skip-link" href="#main">${t.skipToContent}</a>
        <header class="header">
          <p class="brand">
            ${
              links.logoUrl
                ? html`<img class="brand-logo" src="${links.logoUrl}" alt="" />`
                : undefined
            }<span>${name}</span>
          </p>
        </header>
        <main id="main" class="card" tabindex="-1">${body}</main>
        ${footer(locale, links)}
      </body>
    </html> `.value;
}
