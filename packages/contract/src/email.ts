import { z } from 'zod';
import { FieldErrorCode } from './error-codes.ts';
import { fieldError, hasControlCharacters } from './text.ts';

/** Characters a domain may not hold before IDNA conversion (they would end a URL's host). */
const NOT_IN_DOMAIN = /[/?#:\\@%\s[\]]/;

function domainToAscii(domain: string): string {
  if (domain === '' || NOT_IN_DOMAIN.test(domain)) return domain;
  try {
    // The WHATWG URL parser applies UTS #46 (IDNA): `Müller.de` → `xn--mller-kva.de`.
    return new URL(`http://${domain}`).hostname;
  } catch {
    return domain;
  }
}

/**
 * The one normal form of an e-mail address, used by the api, the provider and the web app alike:
 * trimmed, Unicode NFC, the domain lower-cased and converted to ASCII (IDNA), the local part
 * lower-cased in ASCII only — no other character is folded (a Kelvin sign stays a Kelvin sign,
 * never a `k`). Addresses are stored, compared and kept unique in this form, exactly.
 */
export function normalizeEmail(input: string): string {
  const value = input.trim().normalize('NFC');
  const at = value.lastIndexOf('@');
  if (at < 1) return value;
  const local = value.slice(0, at).replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return `${local}@${domainToAscii(value.slice(at + 1))}`;
}

/** The local part of an address in its normal form (`info` of `Info@Praxis.de`). */
export function localPart(email: string): string {
  const normal = normalizeEmail(email);
  const at = normal.lastIndexOf('@');
  return at < 0 ? normal : normal.slice(0, at);
}

/** The domain of an address in its normal form (`xn--mller-kva.de` of `Info@Müller.de`). */
export function domainPart(email: string): string {
  const normal = normalizeEmail(email);
  return normal.slice(normal.lastIndexOf('@') + 1);
}

/**
 * The mailbox an address reaches: its normal form without the `+tag` of the local part
 * (`anna+praxis@example.com` → `anna@example.com`). Mail servers deliver every tag to the same
 * person, so rules about a person's mailbox (the mail limits, the prohibited aliases) use this.
 */
export function mailboxOf(email: string): string {
  const local = localPart(email).split('+')[0] ?? '';
  return `${local}@${domainPart(email)}`;
}

/** Whether the address uses one of the prohibited aliases, ignoring ASCII case and a `+tag`. */
export function usesProhibitedAlias(email: string, aliases: readonly string[]): boolean {
  const local = localPart(mailboxOf(email));
  return aliases.some((alias) => alias.toLowerCase() === local);
}

/**
 * Whether the local part is plain ASCII as given. Unicode normalisation folds some characters
 * onto ASCII letters (NFC turns a Kelvin sign into `K`), so `ben.\u212Arause@…` would become
 * Ben's address; a local part that is not ASCII from the start is therefore refused, never
 * normalised. Domains may be Unicode (they are converted with IDNA).
 */
export function hasAsciiLocalPart(email: string): boolean {
  const value = email.trim();
  const at = value.lastIndexOf('@');
  return /^[\x21-\x7e]*$/.test(at < 0 ? value : value.slice(0, at));
}

/**
 * An e-mail address as a person (or an identity provider) gives it; parses to its normal form.
 * Refuses control characters, a local part that is not ASCII, and what is no address after
 * normalising (at most 254 characters).
 */
export const EmailSchema = z
  .string()
  .max(320)
  .trim()
  .refine((value) => !hasControlCharacters(value), fieldError(FieldErrorCode.invalidCharacters))
  .refine(hasAsciiLocalPart, fieldError(FieldErrorCode.invalidEmail))
  .transform(normalizeEmail)
  .pipe(z.email().max(254));
