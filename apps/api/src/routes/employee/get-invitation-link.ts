import { calls, ErrorCode } from '@pp/contract';
import { invitationByLink } from '../../lib/employees/employee-store.ts';
import { maskedAddress } from '../../lib/employees/masked-address.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { hashLinkSecret } from '../../lib/mail-links/link-secrets.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * `/my-practice?invitation=…` opened while signed in: is the invitation the caller's? Another
 * person's answers only the masked address it went to, so the page can say "sign in with that
 * account" without handing the address to whoever holds the link. An unknown link is 404.
 */
export default defineRoute(calls.employeeGetInvitationLink, async (request) => {
  const invitation = await invitationByLink(
    request.server.db,
    hashLinkSecret(request.query.invitation),
  );
  if (!invitation) throw new ApiError(404, ErrorCode.linkInvalid);
  const forCaller = invitation.customerId === request.customer.id;
  return { forCaller, sentTo: forCaller ? null : maskedAddress(invitation.email) };
});
