import { describe, expect, it } from 'vitest';
import { PICKLIST_NAMES, PicklistsSchema, type Picklists } from '@pp/contract';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';

describe('Customer/GetPicklists', () => {
  const api = useApi();

  async function picklists(acceptLanguage?: string) {
    const token = await api.issuer.tokenFor(demo.clara);
    const response = await api.client.customer.getPicklists({
      token,
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    expect(response.statusCode).toBe(200);
    return {
      lists: PicklistsSchema.parse(response.json()),
      language: response.headers['content-language'],
    };
  }

  const labels = (lists: Picklists, name: keyof Picklists) =>
    lists[name].values.map((v) => v.label);
  const codes = (lists: Picklists) =>
    Object.fromEntries(
      PICKLIST_NAMES.map((name) => [name, lists[name].values.map((v) => v.value)]),
    );

  it.each([
    ['no Accept-Language', undefined],
    ['de-DE', 'de-DE'],
    ['an unsupported language', 'fr-FR'],
  ])('answers in German with %s', async (_name, header) => {
    const { lists, language } = await picklists(header);
    expect(language).toBe('de');
    for (const name of PICKLIST_NAMES) expect(lists[name].values.length).toBeGreaterThan(0);
    expect(labels(lists, 'salutation')).toEqual(expect.arrayContaining(['Herr', 'Frau']));
  });

  it.each([['en-US,en;q=0.9'], ['fr-FR, en;q=0.8, de;q=0.5']])(
    'answers in English with %s',
    async (header) => {
      const { lists, language } = await picklists(header);
      expect(language).toBe('en');
      for (const name of PICKLIST_NAMES) expect(lists[name].values.length).toBeGreaterThan(0);
      expect(labels(lists, 'salutation')).toEqual(expect.arrayContaining(['Mr', 'Ms']));
      expect(labels(lists, 'salutation')).not.toContain('Herr');
    },
  );

  it('keeps the same stable codes in both languages, with distinct labels', async () => {
    const german = await picklists('de');
    const english = await picklists('en');
    expect(codes(english.lists)).toEqual(codes(german.lists));
    for (const name of PICKLIST_NAMES) {
      const values = german.lists[name].values.map((v) => v.value);
      expect(new Set(values).size).toBe(values.length);
    }
  });
});
