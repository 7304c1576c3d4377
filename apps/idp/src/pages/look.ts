import type { Locale } from '../i18n/locale.ts';
import { messagesFor } from '../i18n/locale.ts';
import { html, type SafeHtml } from './html.ts';

/** The portal's colour scheme as it asks for it (`pp_theme` on the authorize request). */
export type Theme = 'light' | 'dark';

/** Remembers the portal's theme for our pages outside an interaction (mail links). */
export const THEME_COOKIE = 'pp_idp_theme';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * How a page offers the other language: a link to the same page, a button that posts the
 * page's form (so what was typed stays) to `action`, or a button that shows the page's other
 * language carried in it ({@link withOtherLanguage}), for a page that cannot be loaded again.
 */
export type LanguageSwitch =
  | { kind: 'link'; href: string }
  | { kind: 'form'; form: string; action: string }
  | { kind: 'script' };

/** What a page looks like for this visitor (decision 0039); absent theme: the system's. */
export interface PageLook {
  theme?: Theme | undefined;
  languageSwitch?: LanguageSwitch | undefined;
}

/** `light` or `dark`; anything else (absent, unknown) is no choice. */
export function themeOf(value: unknown): Theme | undefined {
  return value === 'light' || value === 'dark' ? value : undefined;
}

/** A cookie's value from a `Cookie` header. */
export function cookieFrom(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The `Set-Cookie` value that remembers the theme for a year. */
export function themeCookie(theme: Theme, secure: boolean): string {
  const flags = `Path=/; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return `${THEME_COOKIE}=${theme}; ${flags}`;
}

export const otherLocale = (locale: Locale): Locale => (locale === 'de' ? 'en' : 'de');

/** A path and query with its `name` parameter set to `value`, for a link to the same page. */
export function withParam(pathAndQuery: string, name: string, value: string): string {
  const url = new URL(pathAndQuery, 'http://page.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

function languageSwitch(locale: Locale, offer: LanguageSwitch): SafeHtml {
  const other = otherLocale(locale);
  const label = messagesFor(other).languageName;
  if (offer.kind === 'script') {
    // Shown by the page's script (second-factor.js), which alone can switch.
    return html`<nav class="language" aria-label="${messagesFor(locale).language}" hidden>
      <button type="button" class="link-button" data-switch-language lang="${other}">
        ${label}
      </button>
    </nav>`;
  }
  const control =
    offer.kind === 'link'
      ? html`<a href="${offer.href}" lang="${other}" hreflang="${other}">${label}</a>`
      : html`<button
          type="submit"
          class="link-button"
          form="${offer.form}"
          formaction="${offer.action}"
          formnovalidate
          name="lang"
          value="${other}"
          lang="${other}"
        >
          ${label}
        </button>`;
  return html`<nav class="language" aria-label="${messagesFor(locale).language}">${control}</nav>`;
}

const HTML_TAG = /<html lang="(de|en)">/;

/**
 * Puts the visitor's look on a page of `layout`: the theme on `<html>` (CSS reads it) and the
 * language switch at the end of the header. One place for every page, whichever flow built it.
 */
export function withLook(page: string, look: PageLook): string {
  const match = HTML_TAG.exec(page);
  if (!match) return page;
  const locale = match[1] as Locale;
  const theme = look.theme ? ` data-theme="${look.theme}"` : '';
  const themed = page.replace(HTML_TAG, `<html lang="${locale}"${theme}>`);
  if (!look.languageSwitch) return themed;
  const switched = themed.replace(
    '</header>',
    `${languageSwitch(locale, look.languageSwitch).value}</header>`,
  );
  return look.languageSwitch.kind === 'form'
    ? switched.replace(/<body>/, `<body>${defaultButton(look.languageSwitch.form).value}`)
    : switched;
}

/**
 * Enter in a field submits a form through its default button: the first of its submit buttons in
 * the page. The language switch is one (it keeps what was typed) and stands in the header, before
 * the form: this button, first of all, makes Enter do what the form's own button does. Out of
 * sight and out of the tab order, and hidden from screen readers, which reach the real button.
 */
function defaultButton(form: string): SafeHtml {
  return html`<button
    type="submit"
    form="${form}"
    class="default-submit"
    tabindex="-1"
    aria-hidden="true"
  ></button>`;
}

/**
 * A page that cannot be loaded again (the recovery codes, shown once) with its other language in
 * it: `other` is the same page rendered in that language; its body goes into a template, without
 * its scripts, that the page's script swaps in on the switch (issue 43).
 */
export function withOtherLanguage(page: string, other: string): string {
  const locale = /<html lang="(de|en)"/.exec(other)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(other)?.[1] ?? '';
  const body = /<body>([\s\S]*)<\/body>/.exec(other)?.[1];
  if (!locale || body === undefined) return page;
  const withoutScripts = body.replace(/<script\b[^>]*><\/script>/g, '');
  // The title is escaped text already: as such it fits the attribute too (quotes are escaped).
  const template = `<template id="other-language" data-lang="${locale}" data-title="${title}">${withoutScripts}</template>`;
  return page.replace('</body>', () => `${template}</body>`);
}
