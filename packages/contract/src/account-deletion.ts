import { z } from 'zod';
import { IdSchema } from './customer.ts';

/**
 * What `Customer/DeleteAccount` is sent (decision 0078): the password of the embedded provider's
 * account and, where a second factor is set up, a current code of the app or a recovery code.
 * `deletePractices` names the practices that go with the account: those whose only member the
 * caller is, or which the caller as superadmin has disabled. Nothing else is deleted with it.
 */
export const DeleteAccountSchema = z
  .strictObject({
    password: z.string().min(1).max(1024).optional(),
    code: z.string().min(1).max(64).optional(),
    deletePractices: z.array(IdSchema).max(50).optional(),
  })
  .meta({ id: 'DeleteAccount' });
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

/**
 * The account is gone from the portal. `providerAccountClosed`: the sign-in account went with it
 * (the embedded provider); otherwise `providerAccountUrl` is where the person closes it at their
 * provider, where such a page is known.
 */
export const AccountDeletedSchema = z
  .object({
    status: z.literal('deleted'),
    providerAccountClosed: z.boolean(),
    providerAccountUrl: z.string().nullable(),
  })
  .meta({ id: 'AccountDeleted' });
export type AccountDeleted = z.infer<typeof AccountDeletedSchema>;
