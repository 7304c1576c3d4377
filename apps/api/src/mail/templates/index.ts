import type { MailTemplate } from '../render.ts';
import { accountDeleted } from './account-deleted.ts';
import { accountExists } from './account-exists.ts';
import { accountVerification } from './account-verification.ts';
import { connectRequest } from './connect-request.ts';
import { emailChangedNotice } from './email-changed-notice.ts';
import { emailInUse } from './email-in-use.ts';
import { emailVerification } from './email-verification.ts';
import { invitation } from './invitation.ts';
import { newBrowserSignIn } from './new-browser-sign-in.ts';
import { newsletterConfirmation } from './newsletter-confirmation.ts';
import { passwordReset } from './password-reset.ts';
import { secondFactorChanged } from './second-factor-changed.ts';
import { secondFactorFailures } from './second-factor-failures.ts';

export const mailTemplates = {
  'account-verification': accountVerification,
  'account-exists': accountExists,
  'account-deleted': accountDeleted,
  'email-verification': emailVerification,
  'email-in-use': emailInUse,
  'email-changed-notice': emailChangedNotice,
  'password-reset': passwordReset,
  'new-browser-sign-in': newBrowserSignIn,
  'second-factor-failures': secondFactorFailures,
  'second-factor-changed': secondFactorChanged,
  invitation,
  'connect-request': connectRequest,
  'newsletter-confirmation': newsletterConfirmation,
} as const;

export type MailTemplateName = keyof typeof mailTemplates;

export type MailParams<N extends MailTemplateName> =
  (typeof mailTemplates)[N] extends MailTemplate<infer P> ? P : never;

/** A template with its parameters, checked together by the compiler. */
export type TemplatedMail = {
  [N in MailTemplateName]: { template: N; params: MailParams<N> };
}[MailTemplateName];
