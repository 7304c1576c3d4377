import { calls } from '@pp/contract';
import { secondFactorState } from '@pp/idp';
import { defineRoute } from '../../routing/route.ts';

/**
 * The caller's own second factors. Only the embedded provider's accounts are known here; its
 * tokens (the only ones the api then accepts) name the account as their subject.
 */
export default defineRoute(calls.securityGetSecondFactors, async (request) => {
  const token = request.token!;
  if (!request.server.config.oidc.embedded) {
    return { provider: 'external' as const, totp: null, recoveryCodesLeft: null };
  }
  const state = await secondFactorState(request.server.db, token.subject);
  return {
    provider: 'embedded' as const,
    totp: state.totpConfirmedAt ? { confirmedAt: state.totpConfirmedAt.toISOString() } : null,
    recoveryCodesLeft: state.totpConfirmedAt ? state.recoveryCodesLeft : 0,
  };
});
