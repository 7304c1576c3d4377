import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { normalizeHtml, TestBrowser } from '@pp/testing';
import { AUDIENCE, CLIENT_ID, WEB_ORIGIN } from './provider.ts';

export const SCOPE = 'openid profile email portal:api';

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(issuer: string, params: Record<string, string | undefined>): URL {
  const url = new URL('/auth', issuer);
  const all: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${WEB_ORIGIN}/`,
    scope: SCOPE,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    ...params,
  };
  for (const [key, value] of Object.entries(all)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url;
}

export interface SignInForm {
  url: URL;
  status: number;
  html: string;
  action: URL;
  csrf: string;
}

export function parseSignInForm(html: string, base: URL): { action: URL; csrf: string } {
  const action = /<form method="post" action="([^"]+\/login)"/.exec(html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !csrf) throw new Error(`no sign-in form in:\n${html}`);
  return { action: new URL(action, base), csrf };
}

/** GET /auth and follow the provider's redirects to our sign-in page. */
export async function openSignIn(
  browser: TestBrowser,
  issuer: string,
  params: Record<string, string | undefined> = {},
): Promise<SignInForm & { verifier: string; state: string }> {
  const { verifier, challenge } = pkcePair();
  const url = authorizeUrl(issuer, {
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...params,
  });
  const { response, url: pageUrl } = await browser.follow(url, new URL(issuer).origin);
  const html = normalizeHtml(await response.text());
  return {
    url: pageUrl,
    status: response.status,
    html,
    ...parseSignInForm(html, pageUrl),
    verifier,
    state: url.searchParams.get('state') ?? '',
  };
}

/** Posts the credentials; on success follows the redirects and returns the portal callback URL. */
export async function submitCredentials(
  browser: TestBrowser,
  issuer: string,
  form: { action: URL; csrf: string },
  email: string,
  password: string,
): Promise<{ response: Response; callback?: URL }> {
  const response = await browser.postForm(
    form.action,
    { csrf: form.csrf, email, password },
    new URL(issuer).origin,
  );
  if (response.status !== 303) return { response };
  const resume = new URL(response.headers.get('location') ?? '', issuer);
  const { url } = await browser.follow(resume, new URL(issuer).origin);
  return { response, callback: url };
}

export const TokenResponse = z.object({
  access_token: z.string(),
  id_token: z.string().optional(),
  refresh_token: z.string().optional(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string().optional(),
});
export type Tokens = z.infer<typeof TokenResponse>;

export function tokenRequest(issuer: string, fields: Record<string, string>, origin = WEB_ORIGIN) {
  return fetch(new URL('/token', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ client_id: CLIENT_ID, ...fields }),
  });
}

export async function exchangeCode(
  issuer: string,
  code: string,
  verifier: string,
  extra: Record<string, string> = {},
): Promise<Tokens> {
  const response = await tokenRequest(issuer, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: `${WEB_ORIGIN}/`,
    code_verifier: verifier,
    ...extra,
  });
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`token request failed: ${JSON.stringify(body)}`);
  return TokenResponse.parse(body);
}

export async function refresh(issuer: string, refreshToken: string): Promise<Response> {
  return tokenRequest(issuer, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** The whole browser part: authorize, sign in, exchange the code. */
export async function signIn(
  issuer: string,
  email: string,
  password: string,
  browser = new TestBrowser(),
  params: Record<string, string | undefined> = {},
): Promise<Tokens & { browser: TestBrowser }> {
  const form = await openSignIn(browser, issuer, params);
  const { callback } = await submitCredentials(browser, issuer, form, email, password);
  const code = callback?.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback?.toString()}`);
  const tokens = await exchangeCode(issuer, code, form.verifier);
  return { ...tokens, browser };
}

export { AUDIENCE };
