import type { Page, Response } from '@playwright/test';
import { z } from 'zod';

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  refresh_token: z.string(),
  id_token: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Resolves with the next answer of the provider's token endpoint to the page. */
export function nextTokenResponse(page: Page, issuer: string): Promise<Response> {
  return page.waitForResponse(
    (response) => response.url() === `${issuer}/token` && response.request().method() === 'POST',
  );
}

/** The tokens of a token endpoint answer, seen by the page or fetched by the test. */
export async function tokensOf(response: { json(): Promise<unknown> }): Promise<TokenResponse> {
  return TokenResponseSchema.parse(await response.json());
}

const JwtPart = z.record(z.string(), z.unknown());

/** Header and payload of a JWT (not verified: the api's tests do that). */
export function decodeJwt(token: string) {
  const [header = '', payload = ''] = token.split('.');
  const decode = (part: string) =>
    JwtPart.parse(JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  return { header: decode(header), payload: decode(payload) };
}
