import { z } from 'zod';

/**
 * The signed-in person's second factors (issue 25, decision 0064). With the embedded provider the
 * portal knows them; with an external one it does not (`provider: 'external'`, the rest null) and
 * the security page links to the provider's own pages.
 */
export const SecondFactorsSchema = z
  .object({
    provider: z.enum(['embedded', 'external']),
    /** The authenticator app (TOTP): when its setup was confirmed; null: none. */
    totp: z.object({ confirmedAt: z.iso.datetime({ offset: true }) }).nullable(),
    /** Unused recovery codes; null when the portal cannot know. */
    recoveryCodesLeft: z.number().int().min(0).nullable(),
    /** The account's passkeys (decision 0071), oldest first; null when the portal cannot know. */
    passkeys: z
      .array(
        z.object({
          id: z.guid(),
          /** The name the person gave it on the provider's page. */
          name: z.string(),
          createdAt: z.iso.datetime({ offset: true }),
          /** The last sign-in with it; null: not used yet. */
          lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
        }),
      )
      .nullable(),
  })
  .meta({ id: 'SecondFactors' });
export type SecondFactors = z.infer<typeof SecondFactorsSchema>;
