import { describe, expect, it } from 'vitest';
import { EmailSchema, localPart, usesProhibitedAlias } from '../src/email.ts';

const aliases = ['info', 'praxis', 'empfang'];

describe('prohibited e-mail aliases', () => {
  it.each([
    ['info@praxis-sommer.de', true],
    ['INFO@praxis-sommer.de', true],
    ['Praxis@example.com', true],
    ['empfang+termine@example.com', true],
    ['anna.info@example.com', false],
    ['information@example.com', false],
    ['anna.sommer@example.com', false],
  ])('%s uses a prohibited alias: %s', (email, expected) => {
    expect(usesProhibitedAlias(email, aliases)).toBe(expected);
  });

  it('takes the local part before the last @', () => {
    expect(localPart(' Anna.Sommer@Example.com ')).toBe('anna.sommer');
  });
});

describe('EmailSchema', () => {
  it.each(['anna.sommer@example.com', 'a+b@sub.example.de'])('accepts %s', (email) => {
    expect(EmailSchema.safeParse(email).success).toBe(true);
  });

  it.each(['', 'anna', 'anna@', '@example.com', `${'a'.repeat(250)}@example.com`])(
    'refuses %j',
    (email) => {
      expect(EmailSchema.safeParse(email).success).toBe(false);
    },
  );
});
