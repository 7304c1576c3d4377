import { defineCall } from '../call.ts';
import { BulkEmployeeActionSchema, BulkResultsSchema, InviteEmployeesSchema } from '../bulk.ts';

const admin = { practice: { from: 'body.companyId', role: 'admin' } } as const;

export const employeeInviteEmployees = defineCall({
  method: 'POST',
  path: '/Employee/InviteEmployees',
  tag: 'Employee',
  summary:
    'Invites up to 200 people at once with the rules of InviteEmployee, answering per row; `dryRun` only checks; a retry with the same idempotency key and body answers the stored results and sends nothing again, the key with another body is 422 `idempotency_key_reused` (admins)',
  access: admin,
  body: InviteEmployeesSchema,
  response: BulkResultsSchema,
});

export const employeeApplyBulkAction = defineCall({
  method: 'POST',
  path: '/Employee/ApplyBulkAction',
  tag: 'Employee',
  summary:
    'Resends or revokes invitations, or disables or enables up to 200 people at once with the rules of the single calls, answering per person; a retry with the same idempotency key and body answers the stored results, the key with another body is 422 `idempotency_key_reused` (admins)',
  access: admin,
  body: BulkEmployeeActionSchema,
  response: BulkResultsSchema,
});
