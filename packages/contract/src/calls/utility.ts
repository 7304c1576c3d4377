import { z } from 'zod';
import { defineCall } from '../call.ts';

export const utilityEmailProhibitedAlias = defineCall({
  method: 'GET',
  path: '/Utility/EmailProhibitedAlias',
  tag: 'Utility',
  summary: 'Local parts of shared mailboxes that may not become a personal sign-in',
  access: 'token',
  response: z.array(z.string()),
});
