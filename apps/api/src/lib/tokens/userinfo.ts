import type { JWTPayload } from 'jose';
import { z } from 'zod';
import { IssuerUnavailableError, type ProviderMetadata } from './provider-metadata.ts';
import type { ProviderProfile } from './provider-profiles.ts';

export interface UserInfo {
  email?: string;
  email_verified?: boolean;
}

/** The e-mail claims of a token; `undefined` both where the profile takes them from userinfo. */
export interface TokenEmail {
  email: string | undefined;
  emailVerified: boolean | undefined;
}

const UserInfoSchema = z.object({
  sub: z.string(),
  email: z.string().optional().catch(undefined),
  email_verified: z.boolean().optional().catch(undefined),
});

/**
 * The address a token names and whether it is verified, by the profile's rules. Entra ID: its
 * `email` claim is not verified by itself; Microsoft's `xms_edov` optional claim says whether
 * the domain owner verified it ("Migrate away from using email claims for user identification
 * or authorization", learn.microsoft.com, 2023). `preferred_username` is never an e-mail here.
 */
export function emailOfToken(profile: ProviderProfile, payload: JWTPayload): TokenEmail {
  const email = typeof payload['email'] === 'string' ? payload['email'] : undefined;
  switch (profile.email) {
    case 'token-or-userinfo':
      return {
        email,
        emailVerified:
          typeof payload['email_verified'] === 'boolean' ? payload['email_verified'] : undefined,
      };
    case 'entra':
      return email === undefined
        ? { email: undefined, emailVerified: undefined }
        : { email, emailVerified: payload['xms_edov'] === true };
    case 'userinfo':
      return { email: undefined, emailVerified: undefined };
  }
}

/**
 * Asks the provider's userinfo endpoint, for tokens that do not carry the e-mail claims.
 * A provider without the endpoint, or one that refuses the token, tells us nothing (`{}`);
 * one that cannot be reached or fails is unavailable. Entra ID's endpoint is Microsoft
 * Graph's and does not take the api's token: it is never asked.
 */
export function userinfoOf(
  profile: ProviderProfile,
  discover: () => Promise<ProviderMetadata>,
  timeoutMs: number,
) {
  return async function userinfo(token: string, subject: string): Promise<UserInfo> {
    if (profile.email === 'entra') return {};
    const { userinfo_endpoint } = await discover();
    if (!userinfo_endpoint) return {};
    let response: Response;
    try {
      response = await fetch(userinfo_endpoint, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new IssuerUnavailableError(error);
    }
    if (response.status >= 500) throw new IssuerUnavailableError(new Error('userinfo failed'));
    if (!response.ok) return {};
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return {};
    }
    const parsed = UserInfoSchema.safeParse(body);
    // OpenID Connect Core 5.3.2: an answer about another subject must not be used.
    if (!parsed.success || parsed.data.sub !== subject) return {};
    const { email, email_verified } = parsed.data;
    return {
      ...(email !== undefined ? { email } : {}),
      ...(email_verified !== undefined ? { email_verified } : {}),
    };
  };
}
