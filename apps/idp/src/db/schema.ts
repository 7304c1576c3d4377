import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AdapterPayload } from 'oidc-provider';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Sign-in accounts of the embedded provider; the id is the `sub` of every token. */
export const idpAccounts = pgTable(
  'idp_accounts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Argon2id, PHC string format. */
    passwordHash: text('password_hash').notNull(),
    locale: text('locale').notNull().default('de'),
    /** The session (`uid`) that added the newest second factor: `countsForAccount`. */
    factorSessionUid: text('factor_session_uid'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The contract's normal form, unique exactly as stored: never compared with lower(), which
    // folds Unicode onto ASCII (decision 0019).
    uniqueIndex('idp_accounts_email_key').on(t.email),
    // Printable ASCII without A-Z, as the customers' addresses.
    check('idp_accounts_email_normal_check', sql`${t.email} ~ '^[!-@[-~]+$'`),
  ],
);

export const ACCOUNT_TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * Single-use links sent by mail: confirming a new account's address, setting a new password.
 * Only the SHA-256 of the link's secret is stored.
 */
export const idpAccountTokens = pgTable(
  'idp_account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('idp_account_tokens_account_idx').on(t.accountId),
    check(
      'idp_account_tokens_purpose_check',
      sql`${t.purpose} in (${sql.raw(ACCOUNT_TOKEN_PURPOSES.map((p) => `'${p}'`).join(', '))})`,
    ),
  ],
);

/** oidc-provider's stored models (sessions, grants, codes, refresh tokens, interactions …). */
export const idpPayloads = pgTable(
  'idp_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<AdapterPayload>().notNull(),
    grantId: text('grant_id'),
    /** The account a session, grant, code or token belongs to, so a new password can end them. */
    accountId: text('account_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
    /**
     * Counts the saves of a session or an interaction: a save names the version its request
     * read and fails over a newer one (adapter.ts, decision 0053).
     */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('idp_payloads_grant_idx').on(t.grantId),
    index('idp_payloads_account_idx').on(t.accountId),
    index('idp_payloads_uid_idx').on(t.model, t.uid),
    index('idp_payloads_user_code_idx').on(t.model, t.userCode),
    index('idp_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Token signing keys, each published in the JWKS from its creation: the next key (not yet
 * activated) so that verifiers already know it when it starts signing, the active key (the newest
 * activated, not retired) that signs, and retired keys until every token they signed has expired.
 */
export const idpSigningKeys = pgTable('idp_signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  /** Private JWK: whoever reads this table can sign tokens. */
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  activatedAt: timestamptz('activated_at'),
  retiredAt: timestamptz('retired_at'),
});

/** Keys that sign the provider's cookies; the newest signs, all verify. */
export const idpCookieKeys = pgTable('idp_cookie_keys', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  secret: text('secret').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Keys the provider made itself where none is configured, one per purpose (outside production:
 * the authenticator secrets' key, decision 0098). Whoever reads this table can decrypt with them.
 */
export const idpGeneratedKeys = pgTable('idp_generated_keys', {
  purpose: text('purpose').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Counters per key (hashed): failed sign-ins per account and per client address, and requests of
 * the forms that send mail per client address.
 */
export const idpThrottle = pgTable('idp_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamptz('last_failure_at').notNull().defaultNow(),
  nextAllowedAt: timestamptz('next_allowed_at').notNull().defaultNow(),
});

/**
 * An account's authenticator app (TOTP, RFC 6238; decision 0064). The secret is encrypted with
 * AES-256-GCM under the configured key (decision 0066); a row without `confirmedAt` is a setup
 * that has not been confirmed with a code yet and asks nothing at sign-in.
 */
export const idpTotp = pgTable('idp_totp', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => idpAccounts.id, { onDelete: 'cascade' }),
  /** `v1.<iv>.<ciphertext>.<tag>`, each base64url. */
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  /** The 30-second step of the last accepted code: a code of it or an earlier step is refused. */
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** One-time recovery codes in place of an authenticator code; only their HMAC (decision 0065). */
export const idpRecoveryCodes = pgTable(
  'idp_recovery_codes',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.codeHash] })],
);

/** `incomplete`: the password was right and the second step is still missing (issue 41). */
export const SIGN_IN_OUTCOMES = ['success', 'failure', 'incomplete'] as const;
export type SignInOutcomeKind = (typeof SIGN_IN_OUTCOMES)[number];

/**
 * An account's sign-ins and failed attempts (decision 0067): when, how (`method`: `password`,
 * later others), the browser's user agent, whether a second factor was used, and the browser's
 * identity (SHA-256 of its device cookie's nonce, device-cookie.ts). The newest 30 of each
 * outcome are kept, so failures never push the successes out.
 */
export const idpSignIns = pgTable(
  'idp_sign_ins',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull().defaultNow(),
    outcome: text('outcome', { enum: SIGN_IN_OUTCOMES }).notNull(),
    method: text('method').notNull(),
    secondFactor: boolean('second_factor').notNull().default(false),
    userAgent: text('user_agent').notNull().default(''),
    /** SHA-256 of the device cookie's nonce; null when the browser had none yet. */
    device: text('device'),
    /** This success came from a browser the account had not seen (the mail went out). */
    newBrowser: boolean('new_browser').notNull().default(false),
  },
  (t) => [
    index('idp_sign_ins_account_idx').on(t.accountId, t.at),
    check(
      'idp_sign_ins_outcome_check',
      sql`${t.outcome} in (${sql.raw(SIGN_IN_OUTCOMES.map((p) => `'${p}'`).join(', '))})`,
    ),
  ],
);

/**
 * What the provider's Session payload does not hold (decision 0068): the browser's user agent
 * and its last activity (sign-in, silent renewal, token refresh), per session `uid`. Removed with
 * the session; left-overs are swept after the session's lifetime.
 */
export const idpSessionActivity = pgTable(
  'idp_session_activity',
  {
    sessionUid: text('session_uid').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('idp_session_activity_account_idx').on(t.accountId)],
);

/**
 * Provider sessions that ended (signed out, ended from the security page, a new password, a
 * deleted account): the api refuses an access token whose `sid` names one of them. Kept while a
 * token issued in the session can still be valid, then swept; no reference to the account, so a
 * deleted account's sessions stay listed.
 */
export const idpEndedSessions = pgTable('idp_ended_sessions', {
  sessionUid: text('session_uid').primaryKey(),
  endedAt: timestamptz('ended_at').notNull().defaultNow(),
});

/**
 * An account's passkeys (WebAuthn credentials; decision 0071): the credential id (base64url,
 * unique), its COSE public key (base64url), the signature counter, the transports the browser
 * named, whether it is synced (`multiDevice`) or bound to one device (`singleDevice`), and the
 * name the person gave it.
 */
export const idpPasskeys = pgTable(
  'idp_passkeys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    uniqueIndex('idp_passkeys_credential_id_key').on(t.credentialId),
    index('idp_passkeys_account_idx').on(t.accountId),
  ],
);

export const PASSKEY_CEREMONIES = ['register', 'authenticate', 'second-step'] as const;
export type PasskeyCeremony = (typeof PASSKEY_CEREMONIES)[number];

/**
 * The challenge of a passkey ceremony, kept here and never taken from the browser (decision
 * 0072): one per interaction and ceremony, replaced when the page is shown again, deleted when
 * used, refused after `expiresAt`. A registration's names its account.
 */
export const idpPasskeyChallenges = pgTable(
  'idp_passkey_challenges',
  {
    interactionUid: text('interaction_uid').notNull(),
    ceremony: text('ceremony', { enum: PASSKEY_CEREMONIES }).notNull(),
    challenge: text('challenge').notNull(),
    accountId: uuid('account_id').references(() => idpAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.interactionUid, t.ceremony] })],
);
