import { describe, expect, it } from 'vitest';
import { passesCheckDigit } from '@pp/contract';
import { useApi } from '../support/context.ts';
import { createCustomer, uniqueEmail } from '../support/factories.ts';

/** Issue 23, finding 9: customer numbers cannot be walked, and a typo is caught (0052). */
describe('customer numbers of new practices', () => {
  const api = useApi();

  it('are random with a check digit, not the previous number plus one', async () => {
    const email = uniqueEmail('gruenderin');
    await createCustomer(api.db.database.db, { email });
    const token = await api.issuer.tokenFor(email);
    const numbers: string[] = [];
    for (const name of ['Praxis Eins', 'Praxis Zwei', 'Praxis Drei']) {
      const created = await api.client.company.createCompany({
        token,
        body: { name, street: 'Weg 1', postalCode: '10115', city: 'Berlin' },
      });
      expect(created.statusCode).toBe(201);
      numbers.push(created.json().customerNumber);
    }
    for (const number of numbers) {
      expect(number).toMatch(/^P-\d{10}$/);
      expect(passesCheckDigit(number)).toBe(true);
    }
    const [first, second, third] = numbers.map((number) => Number(number.slice(2)));
    expect(Math.abs(second! - first!)).not.toBe(1);
    expect(Math.abs(third! - second!)).not.toBe(1);
    expect(new Set(numbers).size).toBe(3);
  });
});
