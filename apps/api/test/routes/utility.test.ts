import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';

describe('Utility/EmailProhibitedAlias', () => {
  const api = useApi();

  it('lists the local parts of shared mailboxes, in lower case', async () => {
    const response = await api.client.utility.emailProhibitedAlias({
      token: await api.issuer.tokenFor(demo.ben),
    });
    expect(response.statusCode).toBe(200);
    const aliases = z.array(z.string()).parse(response.json());
    // docs/product.md §3 names these; the list may hold more.
    expect(aliases).toEqual(
      expect.arrayContaining(['info', 'office', 'praxis', 'kontakt', 'empfang']),
    );
    for (const alias of aliases) expect(alias).toBe(alias.toLowerCase());
    expect(new Set(aliases).size).toBe(aliases.length);
  });
});
