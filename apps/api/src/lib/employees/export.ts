import type { Language } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import type { FileAnswer } from '../../routing/register-call.ts';
import { audit } from '../audit/audit-log.ts';
import { excelCsvStream, fileDay } from '../csv/excel-csv-stream.ts';
import { employeeCells, employeeFileName, employeeHeader } from './export-columns.ts';
import { allEmployees, countEmployees, type EmployeeListFilter } from './view.ts';

export const EMPLOYEES_EXPORTED = 'company.employees_exported';

interface ExportRequest {
  actorCustomerId: string;
  companyId: string;
  filter: EmployeeListFilter;
  language: Language;
}

/**
 * The employee list as a CSV file (decision 0083): audited before the first byte, with the
 * filter and how many people it matched, so that no export leaves unrecorded; then streamed.
 */
export async function exportEmployees(db: Executor, request: ExportRequest): Promise<FileAnswer> {
  const { companyId, filter, language } = request;
  const rows = await countEmployees(db, companyId, filter);
  await audit(db, {
    actorCustomerId: request.actorCustomerId,
    action: EMPLOYEES_EXPORTED,
    entity: 'company',
    entityId: companyId,
    companyId,
    data: { filter, rows },
  });
  return {
    fileName: `${employeeFileName(language)}-${fileDay()}.csv`,
    body: excelCsvStream(employeeHeader(language), allEmployees(db, companyId, filter), (e) =>
      employeeCells(e, language),
    ),
  };
}
