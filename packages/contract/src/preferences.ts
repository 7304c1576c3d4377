import { z } from 'zod';
import { PicklistCodeSchema } from './profile.ts';

/**
 * The version of the newsletter consent wording the web app shows (`NEWSLETTER.CONSENT_TEXT`).
 * A new wording gets a new version; every consent is recorded with the version it was given under.
 */
export const NEWSLETTER_CONSENT_VERSION = '2026-11-22';

export const PreferencesSchema = z
  .object({
    subscribed: z.boolean(),
    /** Codes of the `newsletterDistributor` picklist. */
    distributors: z.array(z.string()),
    /** Codes of the `newsletterInterests` picklist. */
    interests: z.array(z.string()),
    /** The consent on record: when it was given and under which wording; null if never. */
    consent: z
      .object({ wordingVersion: z.string(), recordedAt: z.iso.datetime({ offset: true }) })
      .nullable(),
    /**
     * A wider choice asked for and not yet confirmed by the link in its mail (double opt-in,
     * decision 0077): it counts only once confirmed, until `expiresAt`; null if none.
     */
    pending: z
      .object({
        distributors: z.array(z.string()),
        interests: z.array(z.string()),
        requestedAt: z.iso.datetime({ offset: true }),
        expiresAt: z.iso.datetime({ offset: true }),
      })
      .nullable(),
  })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof PreferencesSchema>;

export const PreferencesUpdateSchema = z
  .strictObject({
    subscribed: z.boolean(),
    distributors: z.array(PicklistCodeSchema).max(20),
    interests: z.array(PicklistCodeSchema).max(50),
    /** The wording the person saw; only the current one is accepted. */
    wordingVersion: z.literal(NEWSLETTER_CONSENT_VERSION),
  })
  .meta({ id: 'PreferencesUpdate' });
export type PreferencesUpdate = z.infer<typeof PreferencesUpdateSchema>;

/** How long the link of a newsletter confirmation mail is valid (decision 0077). */
export const NEWSLETTER_CONFIRMATION_VALID_HOURS = 48;
