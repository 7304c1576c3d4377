export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export const MEMBERSHIP_ROLES = ['member', 'admin', 'superadmin'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export const MEMBERSHIP_STATUSES = ['invited', 'requested', 'enabled', 'disabled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const COMPANY_STATUSES = ['enabled', 'disabled'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const LOCATION_STATUSES = ['enabled', 'disabled'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];

/** Roles an invitation may offer: only the superadmin invites an admin; nobody a superadmin. */
export const INVITATION_ROLES = ['member', 'admin'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** The value of the empty entry of the salutation and title selects; sent as null. */
export const UNDEFINED_VALUE = 'UNDEFINED';

/** Fixed list of academic titles; labels live in the web app's translation files (`TITLES.<code>`). */
export const TITLE_CODES = [
  'DR',
  'DR_MED',
  'DR_MED_DENT',
  'DR_RER_NAT',
  'PROF',
  'PROF_DR',
  'PROF_DR_MED',
  'PROF_DR_MED_DENT',
] as const;
export type TitleCode = (typeof TITLE_CODES)[number];

export const PICKLIST_NAMES = [
  'salutation',
  'position',
  'professions',
  'newsletterDistributor',
  'newsletterInterests',
  'otherIndustries',
] as const;
export type PicklistName = (typeof PICKLIST_NAMES)[number];

/** Used when the prohibited-alias list cannot be loaded (docs/specification.md §8). */
export const PROHIBITED_ALIAS_FALLBACK = ['info'];
