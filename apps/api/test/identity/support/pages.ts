import { normalizeHtml, type TestBrowser } from '@pp/testing';

export interface Page {
  status: number;
  /** The markup with whitespace collapsed. */
  html: string;
  headers: Headers;
}

async function pageOf(response: Response): Promise<Page> {
  return {
    status: response.status,
    html: normalizeHtml(await response.text()),
    headers: response.headers,
  };
}

/** The CSRF token of the page's (first) form. */
export function csrfOf(html: string): string {
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no form token in:\n${html}`);
  return token;
}

/** The page without its form tokens, to compare two answers byte for byte. */
export function withoutTokens(html: string): string {
  return html.replace(/name="csrf" value="[^"]*"/g, 'name="csrf" value=""');
}

export async function getPage(browser: TestBrowser, url: string | URL): Promise<Page> {
  return pageOf(await browser.get(url));
}

/** Posts a form of one of the provider's pages as the page itself would (its Origin). */
export async function postPage(
  browser: TestBrowser,
  issuer: string,
  path: string,
  fields: Record<string, string>,
): Promise<Page> {
  return pageOf(await browser.postForm(new URL(path, issuer), fields, issuer));
}

/** Opens the page at `path`, fills its form and posts it with the form's own token. */
export async function submitPage(
  browser: TestBrowser,
  issuer: string,
  path: string,
  fields: Record<string, string>,
  lang = 'de',
): Promise<Page> {
  const form = await getPage(browser, new URL(`${path}?lang=${lang}`, issuer));
  return postPage(browser, issuer, path, { csrf: csrfOf(form.html), lang, ...fields });
}
