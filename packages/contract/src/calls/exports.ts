// The exports of the lists (issue 27): CSV files that only the lazy list screens ask for. A file
// of their own keeps them out of the first screen's bundle.
import { defineCall } from '../call.ts';
import {
  CsvFileSchema,
  ExportEmployeesQuerySchema,
  ExportLocationsQuerySchema,
} from '../exports.ts';

export const employeeExportEmployees = defineCall({
  method: 'GET',
  path: '/Employee/ExportEmployees',
  tag: 'Employee',
  summary:
    "The practice's people as filtered and sorted on the list, as a CSV file for Excel, streamed (admins; audited)",
  // Exactly whom the list allows (`Employee/GetEmployees`).
  access: { practice: { from: 'query.companyId', role: 'admin' } },
  querystring: ExportEmployeesQuerySchema,
  response: CsvFileSchema,
  produces: 'text/csv',
});

export const locationExportLocations = defineCall({
  method: 'GET',
  path: '/Location/ExportLocations',
  tag: 'Location',
  summary:
    "The practice's locations as filtered and sorted on the list, with whether the contact is assigned, as a CSV file for Excel, streamed (the caller; anyone for an admin; audited)",
  // Exactly whom the list allows (`Location/GetLocations`).
  access: { practice: { from: 'query.parentId', role: 'admin', orSelf: 'query.contactId' } },
  querystring: ExportLocationsQuerySchema,
  response: CsvFileSchema,
  produces: 'text/csv',
});
