/**
 * Stable error codes of the api. The web app translates them (`ERRORS.<code>`);
 * clients must rely on the code, never on `title` or `detail`.
 */
export const ErrorCode = {
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  /**
   * A 401: the access token's provider session has ended (signed out there, or on the security
   * page on another device, a new password, a deleted account). Sign in again, and say why.
   */
  sessionEnded: 'session_ended',
  identityUnverified: 'identity_unverified',
  /** The address is a shared mailbox (info@, praxis@ …) and may not become a personal account. */
  prohibitedAlias: 'prohibited_alias',
  /** The identity's address is not one the portal accepts (e.g. a local part that is not ASCII). */
  emailNotAccepted: 'email_not_accepted',
  /**
   * The address belongs to a customer who already signs in with another identity of the same
   * provider (a recycled or second account): the practice's administrator must sort it out.
   */
  identityConflict: 'identity_conflict',
  /**
   * The CRM removed the person's customer record (deleted, deactivated, or merged into another
   * person's): the identity makes no new customer until the record is active again.
   */
  accessRemoved: 'access_removed',
  /**
   * The address is a CRM contact's that the portal reported instead of taking (a value it
   * refuses): the identity makes no new customer until a CRM user fixes the contact.
   */
  customerRecordRefused: 'customer_record_refused',
  /** A link from one of our mails that does not exist or is not the caller's. */
  linkInvalid: 'link_invalid',
  linkExpired: 'link_expired',
  linkUsed: 'link_used',
  /** The address was taken by someone else in the meantime. */
  emailTaken: 'email_taken',
  /** The identity provider in use does not offer this (password and e-mail changes). */
  notAvailable: 'not_available',
  /** The practice is disabled and read-only until its superadmin enables it again. */
  practiceDisabled: 'practice_disabled',
  /** A practice with this name and postal code exists; creating another needs a confirmation. */
  possibleDuplicate: 'possible_duplicate',
  /** The account has created as many practices as it may. */
  limitReached: 'limit_reached',
  /** The address already belongs to a member (or a pending invitee) of the practice. */
  alreadyMember: 'already_member',
  /** The invitation has expired; an admin can send it again. */
  invitationExpired: 'invitation_expired',
  /**
   * The practice requires a second factor and the access token has none (its `amr`/`acr`,
   * decision 0069): the person sets one up at the provider and signs in again.
   */
  secondFactorRequired: 'second_factor_required',
  /**
   * Deleting the account: the caller is the only superadmin of a practice with other members and
   * hands the role over (or disables the practice) first (decision 0078).
   */
  handOverRequired: 'hand_over_required',
  /**
   * Deleting the account: a practice would be left without its superadmin and may go with the
   * account (the caller is its only member, or has disabled it), but the request did not name it.
   */
  practiceDeletionRequired: 'practice_deletion_required',
  /** The password or the second factor's code that confirms an action was not right. */
  confirmationFailed: 'confirmation_failed',
  /**
   * The action needs a fresh sign-in at the external provider (its password cannot be checked by
   * the portal): sign in again and repeat it within a few minutes.
   */
  reauthenticationRequired: 'reauthentication_required',
  /**
   * A bulk request's idempotency key was used before for a request with another body: a retry
   * must send the same request; a new request needs a new key (decision 0084).
   */
  idempotencyKeyReused: 'idempotency_key_reused',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unavailable: 'service_unavailable',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
/** Every error code; the web app has a German and an English text for each (`ERRORS.<code>`). */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

export function isErrorCode(value: unknown): value is ErrorCode {
  return ERROR_CODES.some((code) => code === value);
}

/** Codes of single field errors inside a `validation_failed` problem. */
export const FieldErrorCode = {
  required: 'required',
  invalid: 'invalid',
  invalidType: 'invalid_type',
  tooShort: 'too_short',
  tooLong: 'too_long',
  invalidEmail: 'invalid_email',
  prohibitedAlias: 'prohibited_alias',
  unknownField: 'unknown_field',
  notChangeable: 'not_changeable',
  /** Control characters or line breaks in one line of text. */
  invalidCharacters: 'invalid_characters',
  invalidPhone: 'invalid_phone',
  invalidDate: 'invalid_date',
  /** A date of birth after today (issue 22: it got the format's message). */
  dateInFuture: 'date_in_future',
  /** A date of birth before 1900. */
  dateTooEarly: 'date_too_early',
  /** A value that is not one of its list's entries (picklists, titles). */
  unknownChoice: 'unknown_choice',
  /** The new value is the one already stored (a new e-mail address). */
  unchanged: 'unchanged',
  /** A German postal code has five digits. */
  invalidPostalCode: 'invalid_postal_code',
  /** A customer number whose check digit does not fit: a digit mistyped or two swapped (0052). */
  checkDigitMismatch: 'check_digit_mismatch',
  invalidUrl: 'invalid_url',
  /** A web or e-mail address in a name (decision 0049). */
  addressInName: 'address_in_name',
  /** A character a name does not have: bidi controls, zero-width characters, symbols (0049). */
  invalidNameCharacters: 'invalid_name_characters',
  /** Objects and arrays nested deeper than any call needs (`params.maximum` levels). */
  tooDeep: 'too_deep',
} as const;
export type FieldErrorCode = (typeof FieldErrorCode)[keyof typeof FieldErrorCode];
/** Every field error code; the web app has texts for each (`FIELD_ERRORS.<code>`). */
export const FIELD_ERROR_CODES: readonly FieldErrorCode[] = Object.values(FieldErrorCode);

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return FIELD_ERROR_CODES.some((code) => code === value);
}
