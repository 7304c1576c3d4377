import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { normalizeHtml, type TestBrowser } from '@pp/testing';
import type { EmbeddedProvider } from './provider.ts';

const TokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  id_token: z.string().optional(),
  token_type: z.literal('Bearer'),
});
export type Tokens = z.infer<typeof TokenResponse>;

export interface SignInPage {
  html: string;
  action: URL;
  csrf: string;
  verifier: string;
}

/**
 * The portal's authorization request (code + PKCE), followed within the provider: to its sign-in
 * page, or back to the portal (`url`) when the browser needs no page.
 */
export async function authorize(
  provider: EmbeddedProvider,
  browser: TestBrowser,
  params: Record<string, string> = {},
): Promise<{ response: Response; url: URL; verifier: string }> {
  const { config, issuer } = provider;
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL('/auth', issuer);
  url.search = new URLSearchParams({
    client_id: config.oidc.clientId,
    response_type: 'code',
    redirect_uri: `${config.publicUrl.origin}/`,
    scope: `openid email profile ${config.oidc.apiScope}`,
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...params,
  }).toString();
  return { ...(await browser.follow(url, issuer)), verifier };
}

/** The portal's authorization request, followed to the provider's sign-in page. */
export async function openSignIn(
  provider: EmbeddedProvider,
  browser: TestBrowser,
  params: Record<string, string> = {},
): Promise<SignInPage> {
  const { response, url: pageUrl, verifier } = await authorize(provider, browser, params);
  const html = normalizeHtml(await response.text());
  const action = /<form method="post" action="([^"]+\/login)"/.exec(html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !csrf) throw new Error(`no sign-in form at ${pageUrl.href}:\n${html}`);
  return { html, action: new URL(action, pageUrl), csrf, verifier };
}

export interface SignInResult {
  status: number;
  /** The sign-in page again when the credentials were refused. */
  html: string;
  /** The portal's callback with the code when they were accepted. */
  code?: string;
  verifier: string;
}

/** Types the credentials into the sign-in page; on success follows the way back to the portal. */
export async function submitSignIn(
  provider: EmbeddedProvider,
  browser: TestBrowser,
  email: string,
  password: string,
): Promise<SignInResult> {
  const page = await openSignIn(provider, browser);
  const fields = { csrf: page.csrf, email, password };
  const response = await browser.postForm(page.action, fields, provider.issuer);
  if (response.status !== 303) {
    const html = normalizeHtml(await response.text());
    return { status: response.status, html, verifier: page.verifier };
  }
  const resume = new URL(response.headers.get('location') ?? '', provider.issuer);
  const { url } = await browser.follow(resume, provider.issuer);
  const code = url.searchParams.get('code') ?? undefined;
  return { status: 303, html: '', code, verifier: page.verifier };
}

function tokenRequest(provider: EmbeddedProvider, fields: Record<string, string>) {
  return fetch(new URL('/token', provider.issuer), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: provider.config.publicUrl.origin,
    },
    body: new URLSearchParams({ client_id: provider.config.oidc.clientId, ...fields }),
  });
}

/** The whole sign-in of the portal: page, credentials, code exchange. Throws when refused. */
export async function signIn(
  provider: EmbeddedProvider,
  email: string,
  password: string,
  browser: TestBrowser = provider.browser(),
): Promise<Tokens> {
  const result = await submitSignIn(provider, browser, email, password);
  if (!result.code) throw new Error(`sign-in refused (${result.status})`);
  return redeemCode(provider, result.code, result.verifier);
}

/** The portal's code exchange at the token endpoint. */
export async function redeemCode(
  provider: EmbeddedProvider,
  code: string,
  verifier: string,
): Promise<Tokens> {
  const response = await tokenRequest(provider, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: `${provider.config.publicUrl.origin}/`,
    code_verifier: verifier,
  });
  return TokenResponse.parse(await response.json());
}

export function refresh(provider: EmbeddedProvider, refreshToken: string): Promise<Response> {
  return tokenRequest(provider, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/**
 * The portal's sign-out at the provider (`end_session` with the ID token as hint), confirmed
 * as the page's script confirms it; answers the provider's redirect back to the portal.
 */
export async function signOut(
  provider: EmbeddedProvider,
  browser: TestBrowser,
  idToken: string,
): Promise<Response> {
  const url = new URL('/session/end', provider.issuer);
  url.searchParams.set('id_token_hint', idToken);
  url.searchParams.set('post_logout_redirect_uri', `${provider.config.publicUrl.origin}/`);
  const html = normalizeHtml(await (await browser.get(url)).text());
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)">/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !xsrf) throw new Error(`no sign-out form at ${url.href}:\n${html}`);
  return browser.postForm(new URL(action, url), { xsrf, logout: 'yes' }, provider.issuer);
}
