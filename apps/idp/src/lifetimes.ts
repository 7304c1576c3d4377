/** Lifetimes in seconds (docs/product.md §2, the specification's identity defaults). */
export const LIFETIMES = {
  accessToken: 10 * 60,
  idToken: 10 * 60,
  authorizationCode: 60,
  /** Absolute: rotated refresh tokens inherit the first token's expiry. */
  refreshToken: 8 * 60 * 60,
  /** The provider session and its cookie ("session-check cookie 1 day"), counted from sign-in. */
  session: 24 * 60 * 60,
  grant: 24 * 60 * 60,
  interaction: 60 * 60,
  clockTolerance: 60,
  /**
   * How long a retired signing key stays published. Access tokens live 10 minutes, but an ID
   * token comes back as `id_token_hint` at sign-out any time during the session.
   */
  retiredKeyRetention: 24 * 60 * 60,
  /** The link that confirms a new account's address (docs/product.md §2). */
  verificationLink: 24 * 60 * 60,
  /** The link that sets a new password. */
  resetLink: 60 * 60,
} as const;
