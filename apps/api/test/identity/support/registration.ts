import type { TestBrowser } from '@pp/testing';
import { linkTo, mailsTo } from './mails.ts';
import { csrfOf, getPage, postPage, submitPage, type Page } from './pages.ts';
import type { EmbeddedProvider } from './provider.ts';

/** Registers `email` from a browser of its own; answers the link of the newest confirmation mail. */
export async function registerWithLink(
  provider: EmbeddedProvider,
  email: string,
  password: string,
  lang = 'de',
): Promise<URL> {
  const fields = { email, password, passwordRepeat: password };
  await submitPage(provider.browser(lang), provider.issuer, '/register', fields, lang);
  const mails = await mailsTo(provider.database.database.db, email);
  const newest = mails.filter((mail) => mail.template === 'account-verification').at(-1);
  if (!newest) throw new Error(`no account-verification mail to ${email}`);
  return linkTo(newest, '/register/verify');
}

/** Posts a password into the confirmation page that `page` shows for `link`. */
export function postConfirmation(
  provider: EmbeddedProvider,
  browser: TestBrowser,
  link: URL,
  page: Page,
  password: string,
): Promise<Page> {
  return postPage(browser, provider.issuer, '/register/verify', {
    csrf: csrfOf(page.html),
    lang: link.searchParams.get('lang') ?? 'de',
    token: link.searchParams.get('token') ?? '',
    // The page's hidden field: the portal path the registration returns to (decision 0058).
    ...Object.fromEntries([...link.searchParams].filter(([name]) => name === 'return')),
    password,
  });
}

/** Opens the confirmation link and types `password` into its page, as its owner would. */
export async function confirmAddress(
  provider: EmbeddedProvider,
  browser: TestBrowser,
  link: URL,
  password: string,
): Promise<Page> {
  const page = await getPage(browser, link);
  return postConfirmation(provider, browser, link, page, password);
}
