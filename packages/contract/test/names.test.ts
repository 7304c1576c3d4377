import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containsAddress,
  defangAddresses,
  nameError,
  PersonNameSchema,
  PlaceNameSchema,
} from '../src/names.ts';

describe('the name rule (decision 0049)', () => {
  it.each([
    'Anna',
    'Clara Maria',
    'Wolf-Berger',
    'O’Neill',
    "D'Artagnan",
    'St. Clair',
    'Zoë',
    'Åström',
    'Nguyễn',
    'Jose\u0301', // with a combining acute accent
    'Łukasz',
    'Ἀλέξανδρος',
    'Иван',
    'محمد',
    '佐藤',
  ])('accepts the person name %s', (name) => {
    expect(nameError(name, 'person')).toBeUndefined();
    expect(PersonNameSchema.safeParse(name).success).toBe(true);
  });

  it.each([
    'Zahnarztpraxis Dr. med. dent. Müller & Partner',
    'MVZ Zahnmedizin (Standort 2), Haus 3/4',
    'Praxis 2.0 – Kieferorthopädie + Oralchirurgie',
    'Gemeinschaftspraxis „Am Markt“',
    'Praxis "Am Park"',
    'Dr. Sommer’s Praxis',
    'Labor 50%',
  ])('accepts the practice or location name %s', (name) => {
    expect(nameError(name, 'place')).toBeUndefined();
    expect(PlaceNameSchema.safeParse(name).success).toBe(true);
  });

  it.each([
    'https://evil.example/login',
    'Bitte Konto bestätigen: https://evil.example/verify',
    'HTTP://EVIL.EXAMPLE',
    'mailto:x',
    'www.evil.example',
    'WWW.evil',
    'evil.example',
    'Praxis evil.de',
    'Dr.Sommer',
    'support@evil.example',
    'support＠evil',
    'evil。example',
    'evil．example',
  ])('refuses %s as an address, for people and practices', (name) => {
    expect(containsAddress(name)).toBe(true);
    expect(nameError(name, 'person')).toBe('address_in_name');
    expect(nameError(name, 'place')).toBe('address_in_name');
  });

  it.each([
    ['right-to-left override', 'Anna\u202eremmoS'],
    ['left-to-right override', 'An\u202dna'],
    ['isolates', 'Ann\u2066a\u2069'],
    ['right-to-left mark', 'Anna\u200f'],
    ['Arabic letter mark', 'Anna\u061c'],
    ['zero-width space', 'An\u200bna'],
    ['zero-width non-joiner', 'An\u200cna'],
    ['zero-width joiner', 'An\u200dna'],
    ['word joiner', 'An\u2060na'],
    ['byte order mark', 'An\ufeffna'],
    ['soft hyphen', 'An\u00adna'],
    ['no-break space', 'An\u00a0na'],
    ['a symbol', 'Anna ☺'],
    ['a colon', 'Praxis: Anna'],
  ])('refuses a name with a %s', (_what, name) => {
    expect(nameError(name, 'person')).toBe('invalid_name_characters');
    expect(nameError(name, 'place')).toBe('invalid_name_characters');
    const parsed = PersonNameSchema.safeParse(name);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ params: { fieldError: 'invalid_name_characters' } }),
    ]);
  });

  it('refuses digits and practice punctuation in a person’s name only', () => {
    for (const name of ['Anna 2', 'Anna & Ben', 'Anna (Ben)', 'Anna/Ben', 'Anna, Ben']) {
      expect(nameError(name, 'person')).toBe('invalid_name_characters');
      expect(nameError(name, 'place')).toBeUndefined();
    }
  });

  it('leaves control characters to the one-line rule (one error per field)', () => {
    const parsed = PlaceNameSchema.safeParse('Praxis\u0000Sommer');
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ params: { fieldError: 'invalid_characters' } }),
    ]);
  });
});

describe('defanging user text for mails', () => {
  it.each([
    ['https://evil.example/login', 'https[:]//evil[.]example/login'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['support@evil.example', 'support[at]evil[.]example'],
    ['mailto:support@evil.example', 'mailto[:]support[at]evil[.]example'],
    ['evil。example', 'evil[.]example'],
    ['Zahnarztpraxis Dr. Sommer', 'Zahnarztpraxis Dr. Sommer'],
    ['Praxis 2.0', 'Praxis 2.0'],
  ])('shows %s as %s', (typed, shown) => {
    expect(defangAddresses(typed)).toBe(shown);
  });

  it('leaves nothing that counts as an address, whatever was typed', () => {
    const pieces = fc.constantFrom(
      'https',
      '://',
      ':',
      '/',
      '.',
      '。',
      '．',
      '@',
      '＠',
      'www',
      'WWW',
      'mailto',
      'evil',
      'de',
      ' ',
      '2',
      '[',
      ']',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string({ maxLength: 4 })), { maxLength: 12 }),
        (parts) => {
          const typed = parts.join('');
          expect(containsAddress(defangAddresses(typed)), typed).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('adds no invisible characters and changes text without addresses not at all', () => {
    const invisible = (text: string) => text.match(/[\p{Cf}\p{Z}]/gu)?.length ?? 0;
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (typed) => {
        const shown = defangAddresses(typed);
        expect(invisible(shown)).toBe(invisible(typed));
        if (!containsAddress(typed) && !/[.@\u3002\uff0e\uff61\uff20]/u.test(typed)) {
          expect(shown).toBe(typed);
        }
      }),
    );
  });
});
