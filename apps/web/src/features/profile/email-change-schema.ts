import { z } from 'zod';
import {
  EmailSchema,
  fieldError,
  FieldErrorCode,
  normalizeEmail,
  usesProhibitedAlias,
} from '@pp/contract';

export interface EmailChangeValues {
  newEmail: string;
}

/**
 * The new address, checked as the api checks it: the contract's e-mail rules, no shared mailbox
 * (`aliases`), and not the address the customer already has. Gives the address in normal form.
 */
export function emailChangeSchema(aliases: readonly string[], currentEmail: string) {
  return z.object({
    newEmail: z
      .string()
      .trim()
      .min(1)
      .pipe(EmailSchema)
      .superRefine((email, context) => {
        if (email === normalizeEmail(currentEmail)) {
          context.addIssue({ code: 'custom', ...fieldError(FieldErrorCode.unchanged) });
        } else if (usesProhibitedAlias(email, aliases)) {
          context.addIssue({ code: 'custom', ...fieldError(FieldErrorCode.prohibitedAlias) });
        }
      }),
  });
}
