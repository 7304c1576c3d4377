import { z } from 'zod';

/** A provider session's id as the portal names it (the session's `uid`, never its cookie). */
export const SessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a session id')
  .meta({ id: 'SessionId' });

/**
 * What the portal knows of the account's security at the provider: with the embedded provider
 * everything, with an external one nothing (`managedByProvider`), and `providerUrl` is where the
 * provider's own page lists sessions and sign-ins, where one is known (decision 0068).
 */
const ProviderPart = {
  managedByProvider: z.boolean(),
  providerUrl: z.string().nullable(),
};

export const AccountSessionSchema = z
  .object({
    id: SessionIdSchema,
    /** e.g. "Firefox 128"; empty when the browser did not say. */
    browser: z.string(),
    /** e.g. "Windows 10"; empty when the browser did not say. */
    system: z.string(),
    signedInAt: z.iso.datetime({ offset: true }),
    lastActiveAt: z.iso.datetime({ offset: true }),
    /** The session of the browser that asks ("this device"). */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionsSchema = z
  .object({ ...ProviderPart, sessions: z.array(AccountSessionSchema) })
  .meta({ id: 'AccountSessions' });
export type AccountSessions = z.infer<typeof AccountSessionsSchema>;

/** `incomplete`: the password was right, the second step never followed (issue 41). */
export const SIGN_IN_OUTCOMES = ['success', 'failure', 'incomplete'] as const;

/**
 * What a sign-in proved, in order, as the embedded provider's history names it; older entries
 * may say `authenticator` or `recovery-code` for a second step alone.
 */
export const SIGN_IN_METHODS = [
  'password',
  'password+authenticator',
  'password+recovery-code',
  'password+passkey',
  'passkey',
] as const;

export const AccountSignInSchema = z
  .object({
    id: z.string(),
    at: z.iso.datetime({ offset: true }),
    outcome: z.enum(SIGN_IN_OUTCOMES),
    /** One of {@link SIGN_IN_METHODS}, or a method to come. */
    method: z.string(),
    secondFactor: z.boolean(),
    browser: z.string(),
    system: z.string(),
    /** A success from a browser the account had not seen before (a mail went out). */
    newBrowser: z.boolean(),
  })
  .meta({ id: 'AccountSignIn' });
export type AccountSignIn = z.infer<typeof AccountSignInSchema>;

export const AccountSignInsSchema = z
  .object({ ...ProviderPart, signIns: z.array(AccountSignInSchema) })
  .meta({ id: 'AccountSignIns' });
export type AccountSignIns = z.infer<typeof AccountSignInsSchema>;

export const EndSessionSchema = z.strictObject({ sessionId: SessionIdSchema });

export const SessionsEndedSchema = z
  .object({ status: z.literal('ended'), ended: z.number().int().nonnegative() })
  .meta({ id: 'SessionsEnded' });
