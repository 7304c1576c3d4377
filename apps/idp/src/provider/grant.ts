import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * The portal is our own (first-party) client: instead of a consent page, its grant is created
 * or extended with exactly what the request asks for — the OpenID scopes, and the api scope as
 * a resource scope of the api audience.
 */
export function loadExistingGrant(firstPartyClientId: string) {
  return async (ctx: KoaContextWithOIDC) => {
    const { oidc } = ctx;
    const client = oidc.client;
    const accountId = oidc.session?.accountId;
    if (!client || !accountId) return undefined;
    const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
    const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    if (client.clientId !== firstPartyClientId) return existing;

    const grant =
      existing && existing.accountId === accountId
        ? existing
        : new oidc.provider.Grant({ clientId: client.clientId, accountId });
    grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
    for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
      const available = new Set(server.scope.split(' '));
      const scopes = [...oidc.requestParamScopes].filter((scope) => available.has(scope));
      if (scopes.length > 0) grant.addResourceScope(indicator, scopes.join(' '));
    }
    await grant.save();
    return grant;
  };
}
