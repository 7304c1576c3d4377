import { defineCall } from '../call.ts';
import { SecondFactorsSchema } from '../second-factors.ts';

export const securityGetSecondFactors = defineCall({
  method: 'GET',
  path: '/Security/GetSecondFactors',
  tag: 'Security',
  summary:
    "The caller's own second factors: the authenticator app's confirmation time and the recovery codes left",
  access: 'customer',
  response: SecondFactorsSchema,
});
