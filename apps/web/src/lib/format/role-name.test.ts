import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_ROLES } from '@pp/contract';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';
import { roleKey } from './role-name.ts';

function text(file: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);
}

describe('roleKey', () => {
  it('names the role after the salutation in German', () => {
    const german = (role: (typeof MEMBERSHIP_ROLES)[number], salutation: string | null) =>
      text(de, roleKey(role, salutation));
    expect(german('admin', 'FRAU')).toBe('Administratorin');
    expect(german('admin', 'HERR')).toBe('Administrator');
    expect(german('superadmin', 'FRAU')).toBe('Hauptadministratorin');
    expect(german('superadmin', 'HERR')).toBe('Hauptadministrator');
    expect(german('member', 'FRAU')).toBe('Mitglied');
  });

  it('uses the neutral form when the salutation is unknown', () => {
    for (const salutation of [null, undefined, 'DIVERS', 'KEINE_ANGABE']) {
      expect(text(de, roleKey('admin', salutation))).toBe('Administrator/-in');
      expect(text(de, roleKey('superadmin', salutation))).toBe('Hauptadministrator/-in');
    }
  });

  it('has a text for every role and salutation in both languages', () => {
    for (const role of MEMBERSHIP_ROLES) {
      for (const salutation of ['FRAU', 'HERR', null]) {
        expect(text(de, roleKey(role, salutation))).toEqual(expect.any(String));
        expect(text(en, roleKey(role, salutation))).toEqual(expect.any(String));
      }
    }
    expect(text(en, roleKey('admin', 'FRAU'))).toBe('Administrator');
  });
});
