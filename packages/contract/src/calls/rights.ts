import { z } from 'zod';
import { defineCall } from '../call.ts';
import { IdSchema } from '../customer.ts';

const PracticeQuery = z.strictObject({ practiceId: IdSchema });

// Any signed-in customer may ask; the answer is about the caller (docs/product.md §3 "Rights").
export const rightsIsUserConnectedToPractice = defineCall({
  method: 'GET',
  path: '/Rights/IsUserConnectedToPractice',
  tag: 'Rights',
  summary: 'Whether the caller has an enabled membership of the practice',
  access: 'customer',
  querystring: PracticeQuery,
  response: z.boolean(),
});

export const rightsIsUserAdminOfPractice = defineCall({
  method: 'GET',
  path: '/Rights/IsUserAdminOfPractice',
  tag: 'Rights',
  summary: 'Whether the caller is an enabled admin or superadmin of the practice',
  access: 'customer',
  querystring: PracticeQuery,
  response: z.boolean(),
});

export const rightsIsUserSuperAdminOfPractice = defineCall({
  method: 'GET',
  path: '/Rights/IsUserSuperAdminOfPractice',
  tag: 'Rights',
  summary: 'Whether the caller is the enabled superadmin of the practice',
  access: 'customer',
  querystring: PracticeQuery,
  response: z.boolean(),
});
