import type { Language, TitleCode } from '@pp/contract';

/** The parts of a person the greeting uses (a customer or an employee). */
export interface NamedPerson {
  salutation: string | null;
  title: TitleCode | null;
  firstName: string | null;
  lastName: string | null;
}

/** Salutation codes that address a person by surname ("Frau Sommer"), with their words. */
const SALUTATION_WORDS: Record<Language, Record<string, string>> = {
  de: { FRAU: 'Frau', HERR: 'Herr' },
  en: { FRAU: 'Ms', HERR: 'Mr' },
};

/**
 * The title as it is said in an address: the degree's subject is dropped ("Dr. med. dent." →
 * "Dr."). English uses the British forms without the full stop of a contraction and does not
 * stack titles ("Prof. Dr." → "Prof.").
 */
const SHORT_TITLES: Record<Language, Record<TitleCode, string>> = {
  de: {
    DR: 'Dr.',
    DR_MED: 'Dr.',
    DR_MED_DENT: 'Dr.',
    DR_RER_NAT: 'Dr.',
    PROF: 'Prof.',
    PROF_DR: 'Prof. Dr.',
    PROF_DR_MED: 'Prof. Dr.',
    PROF_DR_MED_DENT: 'Prof. Dr.',
  },
  en: {
    DR: 'Dr',
    DR_MED: 'Dr',
    DR_MED_DENT: 'Dr',
    DR_RER_NAT: 'Dr',
    PROF: 'Prof.',
    PROF_DR: 'Prof.',
    PROF_DR_MED: 'Prof.',
    PROF_DR_MED_DENT: 'Prof.',
  },
};

function joined(parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((part) => part?.trim())
    .filter((part) => !!part)
    .join(' ');
}

/**
 * How the portal addresses a person (decision 0040), '' when it knows no name:
 * - German: "Frau Dr. Sommer" (salutation, short title, surname) when the salutation is Frau or
 *   Herr; otherwise the full name, after the short title ("Dr. Alex Sommer").
 * - English: the short title takes the salutation's place ("Dr Sommer"), else "Ms Sommer";
 *   otherwise the full name ("Alex Sommer").
 * Without a surname there is nothing to address formally: the first name alone.
 */
export function greetingName(person: NamedPerson, language: Language): string {
  const salutation = person.salutation ? SALUTATION_WORDS[language][person.salutation] : undefined;
  const title = person.title ? SHORT_TITLES[language][person.title] : undefined;
  const lastName = person.lastName?.trim();
  if (!lastName) return joined([person.firstName]);
  if (language === 'en') {
    if (title) return joined([title, lastName]);
    if (salutation) return joined([salutation, lastName]);
    return joined([person.firstName, lastName]);
  }
  if (salutation) return joined([salutation, title, lastName]);
  return joined([title, person.firstName, lastName]);
}
