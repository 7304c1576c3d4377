import { describe, expect, it } from 'vitest';
import {
  domainPart,
  EmailSchema,
  hasAsciiLocalPart,
  localPart,
  mailboxOf,
  normalizeEmail,
  usesProhibitedAlias,
} from '../src/email.ts';

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

describe('the mailbox of an address (issue 41)', () => {
  it.each([
    ['stranger+1@example.com', 'stranger@example.com'],
    ['Stranger+a+b@Example.com', 'stranger@example.com'],
    ['stranger@example.com', 'stranger@example.com'],
    ['Info+x@Müller-Praxis.de', 'info@xn--mller-praxis-dlb.de'],
  ])('%s reaches %s', (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });

  it('has the domain of the normal form', () => {
    expect(domainPart('Anna@Müller-Praxis.DE')).toBe('xn--mller-praxis-dlb.de');
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

describe('the normal form of an e-mail address', () => {
  it.each([
    [' Anna.Sommer@Example.COM ', 'anna.sommer@example.com'],
    ['Info@Müller-Praxis.de', 'info@xn--mller-praxis-dlb.de'],
    ['ANNA@XN--MLLER-PRAXIS-DLB.DE', 'anna@xn--mller-praxis-dlb.de'],
    // NFC: an "e" followed by a combining accent becomes one "é".
    ['rene\u0301@example.com', 'ren\u00e9@example.com'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });

  it('folds ASCII letters only: a dotted capital I stays what it is', () => {
    expect(normalizeEmail('\u0130NFO@praxis.de')).toBe('\u0130nfo@praxis.de');
    expect(usesProhibitedAlias('\u0130NFO@praxis.de', ['info'])).toBe(false);
  });

  it('is never reached by a local part that is not ASCII as given (a Kelvin sign is no K)', () => {
    // NFC alone would turn the Kelvin sign into a K, and so into Ben's address.
    expect('ben.\u212Arause'.normalize('NFC')).toBe('ben.Krause');
    for (const input of [
      'ben.\u212Arause@example.com',
      '\u0130NFO@praxis.de',
      'jürgen@example.com',
    ]) {
      expect(hasAsciiLocalPart(input)).toBe(false);
      expect(EmailSchema.safeParse(input).success).toBe(false);
    }
    expect(EmailSchema.parse('Jürgen@Bücher.de'.replace('ü', 'ue'))).toBe(
      'juergen@xn--bcher-kva.de',
    );
  });

  it('never turns a domain with URL syntax into another domain', () => {
    for (const input of ['a@evil.example/x', 'a@b.example?x', 'a@b.example#x', 'a@b.example:80']) {
      expect(EmailSchema.safeParse(input).success).toBe(false);
    }
  });

  it('is what EmailSchema parses to, and refuses control characters', () => {
    expect(EmailSchema.parse(' Ben.Krause@Example.com')).toBe('ben.krause@example.com');
    expect(EmailSchema.safeParse('ben\u0000@example.com').success).toBe(false);
    expect(EmailSchema.safeParse('ben@example.com\n').success).toBe(true);
  });

  it('is stable: normalising twice changes nothing', () => {
    for (const input of ['Ä@Bücher.de', 'x.Y@EXAMPLE.org', 'ß@straße.de']) {
      expect(normalizeEmail(normalizeEmail(input))).toBe(normalizeEmail(input));
    }
  });
});
