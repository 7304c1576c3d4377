import { z } from 'zod';
import {
  NEWSLETTER_CONSENT_VERSION,
  PicklistCodeSchema,
  type Preferences,
  type PreferencesUpdate,
} from '@pp/contract';
import { formErrorMessage } from '../../lib/forms/form-error.ts';

export interface NewsletterFormValues {
  subscribed: boolean;
  distributors: string[];
  interests: string[];
}

export const NEWSLETTER_FIELDS = ['subscribed', 'distributors', 'interests'] as const;

/**
 * A subscription needs at least one newsletter to receive. The body names the consent wording
 * the page shows (`NEWSLETTER.CONSENT_TEXT`), so the consent is recorded with its version.
 */
export const newsletterFormSchema = z
  .object({
    subscribed: z.boolean(),
    distributors: z.array(PicklistCodeSchema),
    interests: z.array(PicklistCodeSchema),
  })
  .refine((values) => !values.subscribed || values.distributors.length > 0, {
    path: ['distributors'],
    message: formErrorMessage({ key: 'NEWSLETTER.CHOOSE_DISTRIBUTOR' }),
  })
  .transform((values): PreferencesUpdate => ({
    ...values,
    wordingVersion: NEWSLETTER_CONSENT_VERSION,
  }));

/** The form shows the choice waiting for its confirmation, else the one that counts. */
export function newsletterFormValues(preferences: Preferences): NewsletterFormValues {
  const { pending } = preferences;
  if (pending) {
    return {
      subscribed: true,
      distributors: [...pending.distributors],
      interests: [...pending.interests],
    };
  }
  return {
    subscribed: preferences.subscribed,
    distributors: [...preferences.distributors],
    interests: [...preferences.interests],
  };
}
