import { defineCall } from '../call.ts';
import {
  ActivityCsvSchema,
  ActivityExportSchema,
  ActivityLogSchema,
  ActivityQuerySchema,
} from '../activity.ts';

// The practice's activity log (issue 27, decision 0082): a file of its own, so that the first
// screen, which declares the Company calls it makes, never carries these (decision 0012).

export const companyGetActivityLog = defineCall({
  method: 'GET',
  path: '/Company/GetActivityLog',
  tag: 'Company',
  summary:
    "One page of the practice's activity log, newest first: what changed, when, by whom and to whom, old → new (never secrets); filtered by person, kind and days (admins). Entries cannot be changed or deleted by any call",
  access: { practice: { from: 'query.companyId', role: 'admin' } },
  querystring: ActivityQuerySchema,
  response: ActivityLogSchema,
});

export const companyExportActivityLog = defineCall({
  method: 'POST',
  path: '/Company/ExportActivityLog',
  tag: 'Company',
  summary:
    "The filtered activity log as a CSV file for Excel (UTF-8 with BOM, semicolons, header row in the caller's language; cells that would start a formula are prefixed). Each export is itself an entry of the log (admins)",
  access: { practice: { from: 'body.companyId', role: 'admin' } },
  body: ActivityExportSchema,
  response: ActivityCsvSchema,
});
