import type { MembershipRole } from '@pp/contract';

/**
 * The translation key of a role's name for a person (decision 0040): the feminine or masculine
 * form when the salutation says which ("Administratorin" for Frau, "Administrator" for Herr),
 * the neutral "Administrator/-in" otherwise. "Mitglied" is the same for everyone.
 */
const ROLE_KEYS: Record<MembershipRole, { neutral: string; FRAU: string; HERR: string }> = {
  member: { neutral: 'ROLES.MEMBER', FRAU: 'ROLES.MEMBER', HERR: 'ROLES.MEMBER' },
  admin: { neutral: 'ROLES.ADMIN', FRAU: 'ROLES.ADMIN_FEMININE', HERR: 'ROLES.ADMIN_MASCULINE' },
  superadmin: {
    neutral: 'ROLES.SUPERADMIN',
    FRAU: 'ROLES.SUPERADMIN_FEMININE',
    HERR: 'ROLES.SUPERADMIN_MASCULINE',
  },
};

export function roleKey(role: MembershipRole, salutation: string | null | undefined): string {
  const keys = ROLE_KEYS[role];
  if (salutation === 'FRAU') return keys.FRAU;
  if (salutation === 'HERR') return keys.HERR;
  return keys.neutral;
}
