import { calls, ErrorCode } from '@pp/contract';
import { accountSessions, endAllAccountSessions } from '@pp/idp';
import { callerAccountId } from '../../lib/account-security/account-security.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Signs the caller out everywhere (decision 0068): every provider session, grant and refresh
 * token of the account ends, as after a new password; the access tokens already issued live
 * out their 10 minutes, and every browser is signed out at its next renewal.
 */
export default defineRoute(calls.securityEndAllSessions, async (request) => {
  if (!request.server.config.oidc.embedded) throw new ApiError(409, ErrorCode.notAvailable);
  const customer = request.customer;
  const accountId = await callerAccountId(request);
  if (accountId === undefined) return { status: 'ended' as const, ended: 0 };
  const ended = await request.server.db.transaction(async (tx) => {
    const sessions = await accountSessions(tx, accountId, undefined);
    await endAllAccountSessions(tx, accountId);
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'customer.sessions_ended',
      entity: 'customer',
      entityId: customer.id,
    });
    return sessions.length;
  });
  return { status: 'ended' as const, ended };
});
