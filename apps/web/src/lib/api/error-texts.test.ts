import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELD_ERROR_CODES } from '@pp/contract';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';
import { createI18n } from '../i18n/i18n.ts';
import { errorTextKey, fieldErrorTextKey } from './error-texts.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function textAt(file: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (isRecord(node) ? node[part] : undefined), file);
}

const keys = [...ERROR_CODES.map(errorTextKey), ...FIELD_ERROR_CODES.map(fieldErrorTextKey)];

describe.each([
  ['German', de],
  ['English', en],
])('%s error texts', (_language, file) => {
  it('exist for every error code and field error code of the contract', () => {
    expect(keys).toHaveLength(ERROR_CODES.length + FIELD_ERROR_CODES.length);
    const missing = keys.filter((key) => {
      const text = textAt(file, key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('are sentences for people, not the codes themselves', () => {
    const technical = keys.filter((key) => /_|\bcode\b|\d{3}/.test(String(textAt(file, key))));
    expect(technical).toEqual([]);
  });
});

describe('field error texts', () => {
  it('fill in the limits the api sends', async () => {
    const i18n = await createI18n('de');
    expect(i18n.t(fieldErrorTextKey('too_long'), { maximum: 100 })).toBe(
      'Bitte geben Sie höchstens 100 Zeichen ein.',
    );
    await i18n.changeLanguage('en');
    expect(i18n.t(fieldErrorTextKey('too_short'), { minimum: 5 })).toBe(
      'Please enter at least 5 characters.',
    );
  });
});
