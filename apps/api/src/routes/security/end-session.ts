import { calls, ErrorCode } from '@pp/contract';
import { endAccountSession } from '@pp/idp';
import { callerAccountId } from '../../lib/account-security/account-security.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Ends one of the caller's own provider sessions (decision 0068). Any other id — another
 * account's session, an ended or made-up one — answers 404 and changes nothing.
 */
export default defineRoute(calls.securityEndSession, async (request) => {
  if (!request.server.config.oidc.embedded) throw new ApiError(409, ErrorCode.notAvailable);
  const customer = request.customer;
  const accountId = await callerAccountId(request);
  if (accountId === undefined) throw ApiError.notFound();
  await request.server.db.transaction(async (tx) => {
    if (!(await endAccountSession(tx, accountId, request.body.sessionId))) {
      throw ApiError.notFound();
    }
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'customer.session_ended',
      entity: 'customer',
      entityId: customer.id,
    });
  });
  return { status: 'ended' as const, ended: 1 };
});
