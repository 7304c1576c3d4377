import { findAccountByEmail } from '../accounts/accounts.ts';
import { addressRequest } from '../forms/address-request.ts';
import { resendPage, resendSentPage } from './pages.ts';
import { sendVerification } from './register.ts';

/**
 * `GET`/`POST /register/resend` (also the button on the sign-in page after an unconfirmed
 * account's sign-in): a new confirmation link when the address has an unconfirmed account; the
 * same answer for any address.
 */
export const resendForm = addressRequest({
  formPage: resendPage,
  sentPage: resendSentPage,
  async send(options, tx, email, locale) {
    const account = await findAccountByEmail(tx, email);
    if (!account || account.emailVerified) return;
    await sendVerification(options, tx, { accountId: account.id, email: account.email, locale });
  },
});
