import { describe, expect, it } from 'vitest';
import terms from '../../../../../docs/ui-terms.md?raw';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';

/** Every text of a translation file with its key. */
function textsOf(value: unknown, prefix = ''): { key: string; text: string }[] {
  if (typeof value === 'string') return [{ key: prefix, text: value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    textsOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** The table's rows: the words to avoid, from the columns "nicht (de)" and "not (en)". */
function avoidedWords(column: 4 | 5): string[] {
  const rows = terms.split('\n').filter((line) => line.startsWith('| ') && line.includes('`'));
  return rows.flatMap((row) =>
    [...(row.split('|')[column] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''),
  );
}

/** The word on its own (not inside a longer word), in any case. */
const asWord = (word: string) =>
  new RegExp(`(?<![\\p{L}-])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}-])`, 'iu');

describe.each([
  ['German', de, 4 as const],
  ['English', en, 5 as const],
])('%s texts', (_language, file, column) => {
  const texts = textsOf(file);

  it('use one word per concept (docs/ui-terms.md)', () => {
    const words = avoidedWords(column);
    expect(words.length).toBeGreaterThan(20);
    const found = texts.flatMap(({ key, text }) =>
      words.filter((word) => asWord(word).test(text)).map((word) => `${key}: ${word}`),
    );
    expect(found).toEqual([]);
  });
});

describe('German texts that speak to the reader', () => {
  it('never give the reader the neutral form of a role ("Sie … Administrator/-in")', () => {
    const neutral = textsOf(de).filter(
      ({ text }) => /(?<!\p{L})(Sie|Ihre?)(?!\p{L})/u.test(text) && text.includes('/-in'),
    );
    expect(neutral).toEqual([]);
  });
});
