import { CompanyUpdateSchema, CustomerUpdateSchema, LocationUpdateSchema } from '@pp/contract';
import type { CrmRecord } from './crm-client.ts';

// A record from the CRM meets the rules a person's input meets (docs/product.md §3, decision
// 0049: no web or e-mail addresses in names, lengths, phone numbers, dates): the portal shows and
// mails these values, so a CRM user cannot put there what a portal user could not. The
// contract's update schemas hold those rules; empty values and the fields they do not name
// (references, statuses, the customer number, newsletter choices) pass as they are.

const RULES = {
  customer: { schema: CustomerUpdateSchema, id: undefined },
  practice: { schema: CompanyUpdateSchema, id: 'companyId' },
  location: { schema: LocationUpdateSchema, id: 'locationId' },
} as const;

/** The fields of a CRM record that break the portal's rules (empty: none). */
export function fieldsBreakingRules(record: CrmRecord): string[] {
  if (!(record.entity in RULES)) return [];
  const { schema, id } = RULES[record.entity as keyof typeof RULES];
  const checked = Object.keys(schema.shape).filter((field) => field !== id);
  const values = Object.fromEntries(
    Object.entries(record.fields).filter(
      ([field, value]) => checked.includes(field) && value !== null && value !== '',
    ),
  );
  const result = schema.safeParse(id ? { ...values, [id]: record.id } : values);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')))];
}
