import type { Language, Location } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import type { FileAnswer } from '../../routing/register-call.ts';
import { audit } from '../audit/audit-log.ts';
import { countryName } from '../countries/country-name.ts';
import { asExcelText } from '../csv/excel-csv.ts';
import { excelCsvStream, fileDay } from '../csv/excel-csv-stream.ts';
import {
  allLocations,
  assignedLocations,
  countLocations,
  type LocationListFilter,
} from './list.ts';

export const LOCATIONS_EXPORTED = 'company.locations_exported';

/** The words of the location list's screens (de.json / en.json `LOCATIONS`). */
const TEXTS = {
  de: {
    header: [
      'Name',
      'Straße',
      'Postleitzahl',
      'Ort',
      'Land',
      'Telefon',
      'Rechnungen an',
      'Status',
      'Zugeordnet',
    ],
    statuses: { enabled: 'Aktiv', disabled: 'Deaktiviert' },
    yes: 'Ja',
    no: 'Nein',
    fileName: 'standorte',
  },
  en: {
    header: [
      'Name',
      'Street',
      'Postcode',
      'Town',
      'Country',
      'Phone',
      'Invoices to',
      'Status',
      'Assigned',
    ],
    statuses: { enabled: 'Active', disabled: 'Disabled' },
    yes: 'Yes',
    no: 'No',
    fileName: 'locations',
  },
} as const;

interface ExportRequest {
  actorCustomerId: string;
  /** Whose assignments the last column shows: the caller, or anyone for an admin. */
  contactId: string;
  filter: LocationListFilter;
  language: Language;
}

/**
 * The location list as a CSV file (decision 0083), with whether the contact is assigned to
 * each: audited before the first byte with the filter and the number of rows, then streamed.
 */
export async function exportLocations(db: Executor, request: ExportRequest): Promise<FileAnswer> {
  const { filter, language } = request;
  const texts = TEXTS[language];
  const rows = await countLocations(db, filter);
  const assigned = new Set(
    (await assignedLocations(db, filter.companyId, request.contactId)).map((l) => l.locationId),
  );
  await audit(db, {
    actorCustomerId: request.actorCustomerId,
    action: LOCATIONS_EXPORTED,
    entity: 'company',
    entityId: filter.companyId,
    companyId: filter.companyId,
    data: { filter: { ...filter, contactId: request.contactId }, rows },
  });
  const cells = (location: Location) => [
    location.name,
    location.street,
    location.postalCode,
    location.city,
    countryName(location.country, language),
    asExcelText(location.phoneNumber),
    location.invoiceMail,
    texts.statuses[location.status],
    assigned.has(location.locationId) ? texts.yes : texts.no,
  ];
  return {
    fileName: `${texts.fileName}-${fileDay()}.csv`,
    body: excelCsvStream(texts.header, allLocations(db, filter), cells),
  };
}
