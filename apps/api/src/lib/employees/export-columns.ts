import type { Employee, Language, MembershipRole, MembershipStatus, TitleCode } from '@pp/contract';
import { excelDate } from '../csv/excel-csv.ts';

/** The titles as the screens write them, the same in both languages. */
export const TITLES: Record<TitleCode, string> = {
  DR: 'Dr.',
  DR_MED: 'Dr. med.',
  DR_MED_DENT: 'Dr. med. dent.',
  DR_RER_NAT: 'Dr. rer. nat.',
  PROF: 'Prof.',
  PROF_DR: 'Prof. Dr.',
  PROF_DR_MED: 'Prof. Dr. med.',
  PROF_DR_MED_DENT: 'Prof. Dr. med. dent.',
};

/** The words of roles and membership states (de.json / en.json `ROLES`, `EMPLOYEES`). */
export const MEMBERSHIP_WORDS: Record<
  Language,
  { roles: Record<MembershipRole, string>; statuses: Record<MembershipStatus, string> }
> = {
  de: {
    roles: { member: 'Mitglied', admin: 'Administrator/-in', superadmin: 'Hauptadministrator/-in' },
    statuses: {
      invited: 'Eingeladen',
      requested: 'Angefragt',
      enabled: 'Aktiv',
      disabled: 'Deaktiviert',
    },
  },
  en: {
    roles: { member: 'Member', admin: 'Administrator', superadmin: 'Main administrator' },
    statuses: {
      invited: 'Invited',
      requested: 'Requested',
      enabled: 'Active',
      disabled: 'Disabled',
    },
  },
};

interface Texts {
  header: string[];
  roles: Record<MembershipRole, string>;
  statuses: Record<MembershipStatus, string>;
  yes: string;
  no: string;
  fileName: string;
}

/** The words of the employee list's screens (de.json / en.json `EMPLOYEES`, `ROLES`). */
const TEXTS: Record<Language, Texts> = {
  de: {
    header: [
      'Titel',
      'Vorname',
      'Nachname',
      'E-Mail-Adresse',
      'Rolle',
      'Status',
      'Standorte',
      'Zweiter Faktor',
      'Eingeladen am',
      'Einladung gültig bis',
    ],
    ...MEMBERSHIP_WORDS.de,
    yes: 'Ja',
    no: 'Nein',
    fileName: 'mitarbeitende',
  },
  en: {
    header: [
      'Title',
      'First name',
      'Last name',
      'E-mail address',
      'Role',
      'Status',
      'Locations',
      'Second factor',
      'Invited on',
      'Invitation valid until',
    ],
    ...MEMBERSHIP_WORDS.en,
    yes: 'Yes',
    no: 'No',
    fileName: 'employees',
  },
};

export const employeeHeader = (language: Language) => TEXTS[language].header;
export const employeeFileName = (language: Language) => TEXTS[language].fileName;

/** One person as the cells of a row, in the header's order. */
export function employeeCells(employee: Employee, language: Language): (string | null)[] {
  const texts = TEXTS[language];
  return [
    employee.title ? TITLES[employee.title] : null,
    employee.firstName,
    employee.lastName,
    employee.email,
    texts.roles[employee.role],
    texts.statuses[employee.status],
    employee.locations.map((location) => location.name).join(', '),
    employee.secondFactor === null ? null : employee.secondFactor ? texts.yes : texts.no,
    excelDate(employee.invitedAt),
    excelDate(employee.expiresAt),
  ];
}
