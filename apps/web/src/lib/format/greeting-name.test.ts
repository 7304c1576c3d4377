import { describe, expect, it } from 'vitest';
import { greetingName, type NamedPerson } from './greeting-name.ts';

const sommer: NamedPerson = {
  salutation: 'FRAU',
  title: 'DR_MED_DENT',
  firstName: 'Anna',
  lastName: 'Sommer',
};

describe('greetingName in German', () => {
  it('addresses with salutation, short title and surname', () => {
    expect(greetingName(sommer, 'de')).toBe('Frau Dr. Sommer');
    expect(greetingName({ ...sommer, salutation: 'HERR', title: 'DR_MED' }, 'de')).toBe(
      'Herr Dr. Sommer',
    );
    expect(greetingName({ ...sommer, title: 'PROF_DR_MED_DENT' }, 'de')).toBe(
      'Frau Prof. Dr. Sommer',
    );
    expect(greetingName({ ...sommer, title: 'PROF' }, 'de')).toBe('Frau Prof. Sommer');
    expect(greetingName({ ...sommer, title: 'DR_RER_NAT' }, 'de')).toBe('Frau Dr. Sommer');
    expect(greetingName({ ...sommer, title: null }, 'de')).toBe('Frau Sommer');
  });

  it('uses the full name when the salutation does not say Frau or Herr', () => {
    for (const salutation of [null, 'DIVERS', 'KEINE_ANGABE']) {
      expect(greetingName({ ...sommer, salutation, title: null }, 'de')).toBe('Anna Sommer');
      expect(greetingName({ ...sommer, salutation }, 'de')).toBe('Dr. Anna Sommer');
    }
  });

  it('never shows the full title', () => {
    expect(greetingName(sommer, 'de')).not.toContain('med');
  });
});

describe('greetingName in English', () => {
  it('puts the title in place of the salutation', () => {
    expect(greetingName(sommer, 'en')).toBe('Dr Sommer');
    expect(greetingName({ ...sommer, salutation: null }, 'en')).toBe('Dr Sommer');
    expect(greetingName({ ...sommer, title: 'PROF_DR_MED' }, 'en')).toBe('Prof. Sommer');
  });

  it('says Ms or Mr without a title, else the full name', () => {
    expect(greetingName({ ...sommer, title: null }, 'en')).toBe('Ms Sommer');
    expect(greetingName({ ...sommer, salutation: 'HERR', title: null }, 'en')).toBe('Mr Sommer');
    expect(greetingName({ ...sommer, salutation: 'DIVERS', title: null }, 'en')).toBe(
      'Anna Sommer',
    );
  });
});

describe('greetingName without a surname', () => {
  it('uses the first name alone, or nothing', () => {
    expect(greetingName({ ...sommer, lastName: null }, 'de')).toBe('Anna');
    expect(greetingName({ ...sommer, lastName: '  ' }, 'en')).toBe('Anna');
    expect(greetingName({ ...sommer, firstName: null, lastName: null }, 'de')).toBe('');
  });
});
