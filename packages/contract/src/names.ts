import { FieldErrorCode } from './error-codes.ts';
import { fieldError, hasControlCharacters, plainText } from './text.ts';

/**
 * The name rule (decision 0049): names of people and of practices and locations appear in our
 * mails and in other people's lists, so they carry neither a web or e-mail address (issue 23,
 * finding 3) nor characters that make them display as something else (finding 10).
 */

/** Letters, combining marks, spaces, hyphens, apostrophes and dots: a person's name. */
const PERSON_NAME = /^[\p{L}\p{M} .'’-]+$/u;
/** A practice or location also has digits, `& + , ( ) / – %` and quotation marks. */
const PLACE_NAME = /^[\p{L}\p{M}\p{Nd} .'’&+,()/%"„“”–-]+$/u;

/** Dots that URL parsers read as a dot (ASCII, ideographic, fullwidth, halfwidth ideographic). */
const DOTS = '.\u3002\uff0e\uff61';
/** The at signs a mail client might read as one. */
const AT_SIGNS = '@\uff20';

/**
 * What mail clients link: a scheme (`https://`, `mailto:x`), `www.`, an e-mail address, and a
 * domain (`evil.example`): a dot between a letter or digit and a letter. "Dr. Sommer" keeps its
 * space after the dot and is none of these; "2.0" has a digit after it.
 */
const ADDRESS_PARTS = [
  /:\/\//,
  /\bmailto:/i,
  new RegExp(`\\bwww[${DOTS}]`, 'iu'),
  new RegExp(`[^\\s${AT_SIGNS}][${AT_SIGNS}][^\\s${AT_SIGNS}]`, 'u'),
  new RegExp(`[\\p{L}\\p{N}][${DOTS}]\\p{L}`, 'u'),
];

export function containsAddress(value: string): boolean {
  return ADDRESS_PARTS.some((pattern) => pattern.test(value));
}

/**
 * Text typed by a user, made unlinkable for a mail: the security convention of "defanging"
 * (`evil[.]example`, `https[:]//`, `name[at]example[.]org`). Visible, so a reader sees what was
 * typed; no invisible characters, so a copy is what it shows (decision 0049). Names can no longer
 * carry addresses; this covers those stored before, and the e-mail address shown for a person
 * without a name.
 */
export function defangAddresses(value: string): string {
  return value
    .replace(/:(?=\/\/)/g, '[:]')
    .replace(/\b(mailto):/gi, '$1[:]')
    .replace(new RegExp(`[${AT_SIGNS}]`, 'gu'), '[at]')
    .replace(new RegExp(`(?<=[\\p{L}\\p{N}])[${DOTS}](?=\\p{L})`, 'gu'), '[.]')
    .replace(new RegExp(`\\b(www)[${DOTS}]`, 'giu'), '$1[.]');
}

export type NameKind = 'person' | 'place';

/** Why a name is refused, or undefined; control characters are {@link plainText}'s error. */
export function nameError(value: string, kind: NameKind): FieldErrorCode | undefined {
  if (hasControlCharacters(value)) return undefined;
  if (containsAddress(value)) return FieldErrorCode.addressInName;
  const allowed = kind === 'person' ? PERSON_NAME : PLACE_NAME;
  return allowed.test(value) ? undefined : FieldErrorCode.invalidNameCharacters;
}

/**
 * A name as people type it: {@link plainText} and the name rule. `person` for first and last
 * names, `place` for practices and locations.
 */
export function nameText(max: number, kind: NameKind) {
  return plainText(max).superRefine((value, context) => {
    const code = nameError(value, kind);
    if (code === undefined) return;
    context.addIssue({ code: 'custom', ...fieldError(code) });
  });
}

/** First and last names of people. */
export const PersonNameSchema = nameText(100, 'person');
/** Names of practices and of their locations. */
export const PlaceNameSchema = nameText(200, 'place');
