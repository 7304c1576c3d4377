import { z } from 'zod';
import { defineCall } from '../call.ts';
import { CustomerSchema } from '../customer.ts';
import { CustomerNoticesSchema, NoticesDismissedSchema } from '../notices.ts';
import { PicklistsSchema } from '../picklists.ts';
import { CustomerUpdateSchema } from '../profile.ts';

export const customerGetCustomerData = defineCall({
  method: 'GET',
  path: '/Customer/GetCustomerData',
  tag: 'Customer',
  summary: "The caller's own record with their practices; links or provisions the identity",
  access: 'customer',
  response: CustomerSchema,
});

export const customerGetPicklists = defineCall({
  method: 'GET',
  path: '/Customer/GetPicklists',
  tag: 'Customer',
  summary: 'Picklists, labelled in the language of Accept-Language (German by default)',
  access: 'token',
  response: PicklistsSchema,
});

export const customerUpdateCustomerData = defineCall({
  method: 'PATCH',
  path: '/Customer/UpdateCustomerData',
  tag: 'Customer',
  summary:
    "Changes the caller's own profile; the whole object of GetCustomerData may be sent, but its id, e-mail, primary practice and practices only unchanged",
  access: 'customer',
  body: CustomerUpdateSchema,
  response: CustomerSchema,
});

export const customerGetNotices = defineCall({
  method: 'GET',
  path: '/Customer/GetNotices',
  tag: 'Customer',
  summary:
    "The caller's notices not yet dismissed, newest first (at most 20): fields of a change of theirs where a change made at the same time in the operator's CRM was kept",
  access: 'customer',
  response: CustomerNoticesSchema,
});

export const customerDismissNotices = defineCall({
  method: 'POST',
  path: '/Customer/DismissNotices',
  tag: 'Customer',
  summary: "Marks all of the caller's notices as seen; answers how many were still unseen",
  access: 'customer',
  // Nothing to send, and a body, if any, is empty (Fastify validates a missing one as null).
  body: z.strictObject({}).nullish(),
  response: NoticesDismissedSchema,
});
