import { calls, EDITABLE_CUSTOMER_FIELDS, type CustomerUpdate } from '@pp/contract';
import { customerData, toCustomer } from '../../lib/customers/customer-data.ts';
import { updateOwnFields } from '../../lib/customers/customer-store.ts';
import type { CustomerRow } from '../../lib/customers/linked-customer.ts';
import { readOnlyChanges } from '../../lib/customers/read-only-fields.ts';
import { unknownChoices } from '../../lib/reference-data/picklists.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

type Editable = (typeof EDITABLE_CUSTOMER_FIELDS)[number];
type Changes = Partial<Pick<CustomerRow, Editable>>;

/** The editable fields the body sets to a value other than the stored one. */
function changesOf(body: CustomerUpdate, stored: CustomerRow): Changes {
  const changes: Record<string, unknown> = {};
  for (const field of EDITABLE_CUSTOMER_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== stored[field]) changes[field] = value;
  }
  return changes;
}

function choicesOf(body: CustomerUpdate) {
  const choices = [
    { field: 'body.salutation', list: 'salutation', value: body.salutation },
    { field: 'body.position', list: 'position', value: body.position },
    { field: 'body.profession', list: 'professions', value: body.profession },
    { field: 'body.otherIndustry', list: 'otherIndustries', value: body.otherIndustry },
  ] as const;
  return choices.flatMap((choice) =>
    typeof choice.value === 'string' ? [{ ...choice, value: choice.value }] : [],
  );
}

export default defineRoute(calls.customerUpdateCustomerData, async (request) => {
  const { db } = request.server;
  const stored = request.customer;
  // The practices are read only for a body that names them: the other read-only fields are the
  // row's, and the profile form sends only the editable ones (issue 28: one statement less).
  const before =
    request.body.associatedCompanies === undefined ? undefined : await customerData(db, stored);
  const errors = [
    ...readOnlyChanges(request.body, before ?? toCustomer(stored, [])),
    ...(await unknownChoices(db, choicesOf(request.body))),
  ];
  if (errors.length > 0) throw ApiError.badRequest(errors);

  const changes = changesOf(request.body, stored);
  if (Object.keys(changes).length === 0) return before ?? customerData(db, stored);
  const row = await updateOwnFields(db, stored.id, changes);
  if (!row) throw new Error('the customer disappeared during the update');
  return customerData(db, row);
});
