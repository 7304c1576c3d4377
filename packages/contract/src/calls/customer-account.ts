// The customer's calls about their account that the first screen never makes: password, address,
// export and deletion. A file of their own keeps their schemas out of the first screen's bundle.
import { z } from 'zod';
import { AccountDeletedSchema, DeleteAccountSchema } from '../account-deletion.ts';
import { defineCall } from '../call.ts';
import { CustomerSchema } from '../customer.ts';
import { EmailSchema } from '../email.ts';
import { PersonalDataExportSchema } from '../personal-data.ts';
import { AcceptedSchema, LinkSecretSchema } from '../profile.ts';

export const customerChangePassword = defineCall({
  method: 'POST',
  path: '/Customer/ChangePassword',
  tag: 'Customer',
  summary:
    "Sends a link that sets a new password to the caller's verified address (the identity provider's page)",
  access: 'customer',
  response: AcceptedSchema,
  successStatus: 202,
});

export const customerUpdateEmail = defineCall({
  method: 'POST',
  path: '/Customer/UpdateEmail',
  tag: 'Customer',
  summary:
    'Asks to change the e-mail address: the new address gets a confirmation link (or, when taken, a notice), the old one a notice; nothing changes until it is confirmed. Answers the same either way.',
  access: 'customer',
  querystring: z.strictObject({ newEmail: EmailSchema }),
  response: AcceptedSchema,
  successStatus: 202,
});

export const customerVerifyEmail = defineCall({
  method: 'POST',
  path: '/Customer/VerifyEmail',
  tag: 'Customer',
  summary:
    "Confirms the caller's own e-mail change with the link's secret (24 hours, once): the address changes for the portal and for signing in",
  access: 'customer',
  querystring: z.strictObject({ verifyHash: LinkSecretSchema }),
  response: CustomerSchema,
});

export const customerExportPersonalData = defineCall({
  method: 'POST',
  path: '/Customer/ExportPersonalData',
  tag: 'Customer',
  summary:
    'Everything the portal and its embedded provider hold about the caller, as one document (GDPR Art. 15, 20): profile, practices, invitations, newsletter consent, sign-ins, passkey names, audit entries; no secrets and nothing of another person. A few a day (429 beyond); each one is audited',
  access: 'customer',
  body: z.strictObject({}).nullish(),
  response: PersonalDataExportSchema,
});

export const customerDeleteAccount = defineCall({
  method: 'POST',
  path: '/Customer/DeleteAccount',
  tag: 'Customer',
  summary:
    "Deletes the caller's account after the password (and a second factor's code where set up): sessions end, memberships end, invitations and newsletter consent go, audit entries are pseudonymised; refused while the caller is the only superadmin of a practice with other members",
  access: 'customer',
  body: DeleteAccountSchema,
  response: AccountDeletedSchema,
});
