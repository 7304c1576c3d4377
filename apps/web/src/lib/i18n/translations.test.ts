import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_ROLES, TITLE_CODES } from '@pp/contract';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

const germanKeys = new Set(keysOf(de));

// Every source file of the app, tests excluded; a key is a quoted `SECTION.NAME` literal, which
// catches `t('…')` as well as keys held in data (navigation entries, toast messages).
const sources = import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const KEY_LITERAL = /['"`]([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)+)['"`]/g;
const usedKeys = Object.entries(sources).flatMap(([file, text]) =>
  [...String(text).matchAll(KEY_LITERAL)].map((match) => ({ file, key: match[1] ?? '' })),
);

describe('translation files', () => {
  it('German and English have the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(de).sort());
  });

  it('hold every key the code uses', () => {
    expect(usedKeys.length).toBeGreaterThan(50);
    expect(usedKeys.filter(({ key }) => !germanKeys.has(key))).toEqual([]);
  });

  it('hold a label for every title code and membership role', () => {
    const expected = [
      ...TITLE_CODES.map((code) => `TITLES.${code}`),
      ...MEMBERSHIP_ROLES.map((role) => `ROLES.${role.toUpperCase()}`),
    ];
    expect(expected.filter((key) => !germanKeys.has(key))).toEqual([]);
  });

  it('address the user formally in German', () => {
    const texts = keysOf(de).map((key) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], de),
    );
    const informal = /\b(du|dich|dir|dein\w*)\b/i;
    expect(texts.filter((text) => informal.test(String(text)))).toEqual([]);
  });
});
