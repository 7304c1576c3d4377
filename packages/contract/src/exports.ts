import { z } from 'zod';
import { EmployeesQuerySchema } from './employee.ts';
import { LocationsQuerySchema } from './location.ts';

/**
 * The employee list as filtered and sorted on screen, without paging: the same query as
 * `Employee/GetEmployees` (decision 0083).
 */
export const ExportEmployeesQuerySchema = EmployeesQuerySchema.omit({ page: true, pageSize: true });

/** The location list as filtered and sorted on screen, without paging (`Location/GetLocations`). */
export const ExportLocationsQuerySchema = LocationsQuerySchema.omit({ page: true, pageSize: true });

/**
 * A CSV file for German Excel: UTF-8 with a byte-order mark, `;` between cells, CRLF between
 * rows, a header row in the request's language, dates as dd.MM.yyyy, and a cell that Excel
 * would read as a formula prefixed with `'` (decision 0083).
 */
export const CsvFileSchema = z.string().meta({
  id: 'CsvFile',
  description:
    "UTF-8 with BOM, semicolon-separated, CRLF line ends, a header row in the request's language (Accept-Language), dates dd.MM.yyyy; a cell starting with = + - @ tab or CR is prefixed with an apostrophe",
});
