export { createIdentityProvider, type IdentityProvider } from './server.ts';
export type {
  IdentityProviderOptions,
  IdpLogger,
  ServerTimeouts,
  SignInEvents,
} from './options.ts';
export type { IdpDb } from './db/database.ts';
export type { IdentityMail, IdentityMailer } from './mail.ts';
export * as idpSchema from './db/schema.ts';
export {
  createAccount,
  findAccountByEmail,
  seedDemoAccounts,
  sweepUnconfirmedAccounts,
  type NewAccount,
} from './accounts/accounts.ts';
export {
  accountAdministration,
  AccountChangeRefused,
  type AccountAdministration,
  type AccountAdministrationOptions,
  type AccountChangeRefusal,
} from './accounts/administration.ts';
export {
  confirmAccountOwner,
  deleteAccount,
  type OwnerCheck,
  type OwnerCheckOptions,
  type OwnerConfirmation,
} from './accounts/account-deletion.ts';
export { DEFAULT_THROTTLE, type ThrottlePolicy } from './sessions/throttle.ts';
export { LIFETIMES } from './lifetimes.ts';
export {
  secondFactorsByEmail,
  secondFactorState,
  type SecondFactorState,
} from './second-factor/store.ts';
export { hasPasskeys, listPasskeys, type PasskeySummary } from './passkeys/store.ts';
export {
  accountSessions,
  accountSignIns,
  endAccountSession,
  endAllAccountSessions,
  type AccountSession,
  type AccountSignIn,
} from './sessions/account-security.ts';
export { browserLine, describeUserAgent } from './sessions/user-agent.ts';
export { sweepSignInHistory } from './sessions/sign-in-history.ts';
// The portal's own public pages (the newsletter's mail links, decision 0077) wear the same frame.
export { layout, type LegalLinks } from './pages/layout.ts';
export { html, type SafeHtml } from './pages/html.ts';
export { ASSETS_DIR, STYLESHEET_PATH } from './pages/assets.ts';
