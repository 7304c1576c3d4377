import type { Language } from '@pp/contract';
import { html, layout, type LegalLinks } from '@pp/idp';
import { absoluteLogoUrl } from '../../config/web.ts';
import type { Config } from '../../config.ts';

/**
 * The operator's Impressum, privacy page, name and logo, and the accessibility statement, as on
 * the provider's pages.
 */
export function legalLinksOf(config: Config): LegalLinks {
  const logoUrl = absoluteLogoUrl(config);
  return {
    ...(config.imprintUrl ? { imprintUrl: config.imprintUrl } : {}),
    ...(config.privacyUrl ? { privacyUrl: config.privacyUrl } : {}),
    ...(config.portalName ? { portalName: config.portalName } : {}),
    ...(logoUrl ? { logoUrl } : {}),
    // The portal's accessibility statement, as on the provider's pages (decision 0080).
    accessibilityUrl: new URL('/accessibility', config.publicUrl).href,
  };
}

export interface NewsletterPage {
  language: Language;
  links: LegalLinks;
  title: string;
  text: string;
  /** A button that POSTs to `action` (the same link), with the hidden fields given. */
  form?: { action: string; button: string; fields: Record<string, string> };
  /** A link onwards (the newsletter settings, after signing in). */
  next?: { href: string; label: string };
}

/**
 * A page of a newsletter mail's link, in the portal's look (the provider's frame and stylesheet).
 * Only a button changes anything: mail scanners that open links never do (decision 0077).
 */
export function newsletterPage(page: NewsletterPage): string {
  const body = html`<h1>${page.title}</h1>
    <p>${page.text}</p>
    ${
      page.form
        ? html`<form method="post" action="${page.form.action}">
            ${Object.entries(page.form.fields).map(
              ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
            )}
            <div class="actions">
              <button type="submit" class="primary">${page.form.button}</button>
            </div>
          </form>`
        : undefined
    }
    ${page.next ? html`<p><a href="${page.next.href}">${page.next.label}</a></p>` : undefined}`;
  // The stylesheet's file, which the portal serves (the provider's pages carry it inline).
  return layout({
    locale: page.language,
    title: page.title,
    links: page.links,
    body,
    styles: 'link',
  });
}
