import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { ACR_PASSWORD, ACR_SECOND_FACTOR, type LoginMethod } from '../sign-in/amr.ts';
import type { StoredPasskey } from './store.ts';

/**
 * The relying party is the provider itself (decision 0071): its id is the issuer's host, and a
 * response counts only from the issuer's origin. Attestation `none`, user verification and
 * discoverable credentials (resident keys) preferred.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(issuer: string, name: string): RelyingParty {
  const url = new URL(issuer);
  return { id: url.hostname, origin: url.origin, name };
}

/** How long the browser gives the person for a ceremony. */
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;

/** The account id as the credential's user handle (16 bytes of the UUID). */
export function userHandleOf(accountId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(accountId.replace(/-/g, ''), 'hex'));
}

export function registrationOptions(
  rp: RelyingParty,
  account: { id: string; email: string },
  existing: readonly { id: string; transports: string[] }[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.email,
    userID: userHandleOf(account.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((credential) => ({
      id: credential.id,
      transports: credential.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** Without `allowCredentials`: the browser offers the passkeys it has for the provider. */
export function authenticationOptions(rp: RelyingParty) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
  });
}

/**
 * The options of a passkey as the second step after the password: only the account's own
 * credentials, so the browser offers none of another account's.
 */
export function secondStepOptions(
  rp: RelyingParty,
  credentials: readonly { id: string; transports: string[] }[],
) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: credentials.map((credential) => ({
      id: credential.id,
      transports: credential.transports as AuthenticatorTransportFuture[],
    })),
  });
}

/** The most a posted credential may be (a `none` attestation is well under 2 KB). */
export const MAX_CREDENTIAL_JSON = 8 * 1024;

const ResponseShape = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.string().optional(),
});

/** The browser's JSON of a credential, or undefined when it is not one. */
export function parseCredential(text: string): z.infer<typeof ResponseShape> | undefined {
  if (text.length === 0 || text.length > MAX_CREDENTIAL_JSON) return undefined;
  try {
    const parsed = ResponseShape.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface RegisteredCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

/** Checks a registration against the kept challenge; undefined when it does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
): Promise<RegisteredCredential | undefined> {
  try {
    const verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verification.verified) return undefined;
    const info = verification.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    };
  } catch {
    return undefined;
  }
}

export interface VerifiedUse {
  counter: number;
  userVerified: boolean;
  deviceType: string;
  backedUp: boolean;
}

/**
 * Checks an assertion of a stored passkey against the kept challenge: origin, rp id hash,
 * signature, and a signature counter that must grow when the authenticator keeps one.
 */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  passkey: StoredPasskey,
): Promise<VerifiedUse | undefined> {
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
    if (!verification.verified) return undefined;
    const info = verification.authenticationInfo;
    return {
      counter: info.newCounter,
      userVerified: info.userVerified,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    };
  } catch {
    return undefined;
  }
}

/** A synced passkey (multi-device, backup eligible) is `swk`, one bound to its device `hwk`. */
export function passkeyAmr(use: { deviceType: string }): 'swk' | 'hwk' {
  return use.deviceType === 'multiDevice' ? 'swk' : 'hwk';
}

/**
 * `amr` and `acr` of a passkey sign-in (RFC 8176, decision 0071): `swk` for a synced passkey
 * (multi-device, backup eligible), `hwk` for one bound to its device; with user verification the
 * passkey is two factors at once (possession and PIN or biometrics), so `mfa` too.
 */
export function passkeyLogin(use: { userVerified: boolean; deviceType: string }): LoginMethod {
  const key = passkeyAmr(use);
  return use.userVerified
    ? { amr: [key, 'mfa'], acr: ACR_SECOND_FACTOR }
    : { amr: [key], acr: ACR_PASSWORD };
}
