import { calls } from '@pp/contract';
import { listPasskeys, secondFactorState } from '@pp/idp';
import { defineRoute } from '../../routing/route.ts';

/**
 * The caller's own second factors. Only the embedded provider's accounts are known here; its
 * tokens (the only ones the api then accepts) name the account as their subject.
 */
export default defineRoute(calls.securityGetSecondFactors, async (request) => {
  const token = request.token!;
  if (!request.server.config.oidc.embedded) {
    return { provider: 'external' as const, totp: null, recoveryCodesLeft: null, passkeys: null };
  }
  const state = await secondFactorState(request.server.db, token.subject);
  const passkeys = await listPasskeys(request.server.db, token.subject);
  return {
    provider: 'embedded' as const,
    totp: state.totpConfirmedAt ? { confirmedAt: state.totpConfirmedAt.toISOString() } : null,
    recoveryCodesLeft: state.totpConfirmedAt ? state.recoveryCodesLeft : 0,
    passkeys: passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      createdAt: passkey.createdAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    })),
  };
});
