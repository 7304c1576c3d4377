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

export const SIGN_IN_OUTCOMES = ['success', 'failure'] as const;

export const AccountSignInSchema = z
  .object({
    id: z.string(),
    at: z.iso.datetime({ offset: true }),
    outcome: z.enum(SIGN_IN_OUTCOMES),
    /** `password`, `passkey`, … (open for methods to come). */
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
