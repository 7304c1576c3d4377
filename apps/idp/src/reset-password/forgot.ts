import { addressRequest } from '../forms/address-request.ts';
import { forgotPage, forgotSentPage } from './pages.ts';
import { sendPasswordResetLink } from './send-link.ts';

/**
 * `GET`/`POST /forgot-password`: a reset link to the account of the address, if there is one;
 * the same answer either way.
 */
export const forgotPasswordForm = addressRequest({
  formPage: forgotPage,
  sentPage: forgotSentPage,
  send: sendPasswordResetLink,
});
