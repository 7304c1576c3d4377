import type { ActivityEntry, ActivityPerson, Language } from '@pp/contract';
import { countryName } from '../countries/country-name.ts';
import { EXCEL_BOM, excelLine } from '../csv/excel-csv.ts';

/** The file's texts in the person's language (the screen's texts say the same, de.json/en.json). */
const TEXTS = {
  de: {
    header: ['Zeit', 'Wer', 'Art', 'Was', 'Betroffen', 'Änderungen'],
    deleted: 'Ehemaliges Mitglied',
    fileName: 'aktivitaeten',
    empty: 'leer',
    yes: 'Ja',
    no: 'Nein',
    fields: {
      name: 'Name',
      street: 'Straße',
      postalCode: 'Postleitzahl',
      city: 'Ort',
      country: 'Land',
      phone: 'Telefon',
      email: 'E-Mail-Adresse',
      website: 'Website',
      phoneNumber: 'Telefon',
      invoiceMail: 'E-Mail-Adresse für Rechnungen',
      status: 'Status',
      requiresSecondFactor: 'Zweiter Faktor Pflicht',
      role: 'Rolle',
      locations: 'Anzahl Standorte',
      rows: 'Zeilen',
    } as Record<string, string>,
    values: {
      member: 'Mitglied',
      admin: 'Administrator/-in',
      superadmin: 'Hauptadministrator/-in',
      invited: 'Eingeladen',
      requested: 'Angefragt',
      enabled: 'Aktiv',
      disabled: 'Deaktiviert',
    } as Record<string, string>,
    practice: 'Praxis',
    location: 'Standort',
    kinds: {
      practice: 'Praxisdaten',
      locations: 'Standorte',
      invitations: 'Einladungen',
      roles: 'Rollen',
      people: 'Mitarbeitende',
      requests: 'Beitrittsanfragen',
      security: 'Sicherheit',
      exports: 'Exporte',
    },
    actions: {
      'company.created': 'Praxis angelegt',
      'company.updated': 'Praxisdaten geändert',
      'company.disabled': 'Praxis deaktiviert',
      'company.enabled': 'Praxis aktiviert',
      'company.deleted_with_account': 'Praxis mit dem Konto gelöscht',
      'location.created': 'Standort hinzugefügt',
      'location.updated': 'Standort geändert',
      'employee.invited': 'Einladung gesendet',
      'employee.invitation_resent': 'Einladung erneut gesendet',
      'employee.invitation_revoked': 'Einladung zurückgezogen',
      'employee.invitation_accepted': 'Einladung angenommen',
      'employee.invitation_declined': 'Einladung abgelehnt',
      'employee.role_changed': 'Rolle geändert',
      'employee.superadmin_transferred': 'Hauptadministration übergeben',
      'employee.enabled': 'Aktiviert',
      'employee.disabled': 'Deaktiviert',
      'employee.locations_changed': 'Standorte zugeordnet',
      'employee.left': 'Praxis verlassen',
      'employee.account_deleted': 'Hat die Praxis verlassen (Konto gelöscht)',
      'membership.requested': 'Beitritt angefragt',
      'employee.request_enabled': 'Beitrittsanfrage angenommen',
      'employee.request_disabled': 'Beitrittsanfrage abgelehnt',
      'company.second_factor_requirement_changed': 'Zweiter Faktor: Pflicht geändert',
      'company.activity_exported': 'Aktivitätsprotokoll exportiert',
      'company.employees_exported': 'Mitarbeitendenliste exportiert',
      'company.locations_exported': 'Standortliste exportiert',
    } as Record<string, string>,
  },
  en: {
    header: ['Time', 'Who', 'Kind', 'What', 'Concerning', 'Changes'],
    deleted: 'Former member',
    fileName: 'activity',
    empty: 'empty',
    yes: 'Yes',
    no: 'No',
    fields: {
      name: 'Name',
      street: 'Street',
      postalCode: 'Postal code',
      city: 'City',
      country: 'Country',
      phone: 'Phone',
      email: 'E-mail address',
      website: 'Website',
      phoneNumber: 'Phone',
      invoiceMail: 'E-mail address for invoices',
      status: 'Status',
      requiresSecondFactor: 'Second factor required',
      role: 'Role',
      locations: 'Number of locations',
      rows: 'Rows',
    } as Record<string, string>,
    values: {
      member: 'Member',
      admin: 'Administrator',
      superadmin: 'Main administrator',
      invited: 'Invited',
      requested: 'Requested',
      enabled: 'Active',
      disabled: 'Disabled',
    } as Record<string, string>,
    practice: 'Practice',
    location: 'Location',
    kinds: {
      practice: 'Practice data',
      locations: 'Locations',
      invitations: 'Invitations',
      roles: 'Roles',
      people: 'Employees',
      requests: 'Connect requests',
      security: 'Security',
      exports: 'Exports',
    },
    actions: {
      'company.created': 'Practice created',
      'company.updated': 'Practice data changed',
      'company.disabled': 'Practice disabled',
      'company.enabled': 'Practice enabled',
      'company.deleted_with_account': 'Practice deleted with the account',
      'location.created': 'Location added',
      'location.updated': 'Location changed',
      'employee.invited': 'Invitation sent',
      'employee.invitation_resent': 'Invitation resent',
      'employee.invitation_revoked': 'Invitation revoked',
      'employee.invitation_accepted': 'Invitation accepted',
      'employee.invitation_declined': 'Invitation declined',
      'employee.role_changed': 'Role changed',
      'employee.superadmin_transferred': 'Main administration handed over',
      'employee.enabled': 'Enabled',
      'employee.disabled': 'Disabled',
      'employee.locations_changed': 'Locations assigned',
      'employee.left': 'Left the practice',
      'employee.account_deleted': 'Left the practice (account deleted)',
      'membership.requested': 'Asked to join',
      'employee.request_enabled': 'Connect request approved',
      'employee.request_disabled': 'Connect request declined',
      'company.second_factor_requirement_changed': 'Second factor requirement changed',
      'company.activity_exported': 'Activity log exported',
      'company.employees_exported': 'Employee list exported',
      'company.locations_exported': 'Location list exported',
    } as Record<string, string>,
  },
} as const;

const moment = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Berlin',
});

/** dd.MM.yyyy HH:mm in German time. */
export function formatMoment(iso: string): string {
  return moment.format(new Date(iso)).replace(',', '');
}

/** The activity log's entries as one CSV file for Excel. */
export function activityCsv(entries: ActivityEntry[], language: Language) {
  const texts = TEXTS[language];
  const person = (who: ActivityPerson | null) =>
    who === null ? '' : who.deleted ? texts.deleted : (who.name ?? '');
  const shownValue = (field: string, value: string | number | boolean | null) => {
    if (value === null || value === '') return texts.empty;
    if (typeof value === 'boolean') return value ? texts.yes : texts.no;
    if (field === 'role' || field === 'status') return texts.values[String(value)] ?? String(value);
    if (field === 'country') return countryName(String(value), language);
    return String(value);
  };
  const lines = [EXCEL_BOM, excelLine([...texts.header])];
  for (const entry of entries) {
    const { target } = entry;
    // A member who deleted their account acted on themself: named once, as who (issue 43).
    const concerning =
      entry.action === 'employee.account_deleted'
        ? ''
        : target.type === 'person'
          ? person(target.person)
          : `${target.type === 'location' ? texts.location : texts.practice}${
              target.name ? `: ${target.name}` : ''
            }`;
    lines.push(
      excelLine([
        formatMoment(entry.at),
        person(entry.actor),
        texts.kinds[entry.kind],
        texts.actions[entry.action] ?? entry.action,
        concerning,
        [
          ...entry.changes.map((change) => {
            const field = texts.fields[change.field] ?? change.field;
            return change.from === null && change.to === null
              ? field
              : `${field}: ${shownValue(change.field, change.from)} → ${shownValue(change.field, change.to)}`;
          }),
          ...entry.details.map(
            (detail) =>
              `${texts.fields[detail.field] ?? detail.field}: ${shownValue(detail.field, detail.value)}`,
          ),
        ].join(', '),
      ]),
    );
  }
  return { content: lines.join(''), fileName: texts.fileName };
}
