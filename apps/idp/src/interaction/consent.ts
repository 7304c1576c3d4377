import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import type { Interaction } from './types.ts';

const MissingGrants = z.object({
  missingOIDCScope: z.array(z.string()).optional(),
  missingOIDCClaims: z.array(z.string()).optional(),
  missingResourceScopes: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * The consent prompt only appears when a request forces it (`prompt=consent`): the first-party
 * portal is granted what it asked for without a page.
 */
export async function grantFirstParty(
  provider: Provider,
  interaction: Interaction,
): Promise<InteractionResults> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params['client_id'];
  if (!accountId || typeof clientId !== 'string') throw new Error('consent without a session');
  const missing = MissingGrants.parse(interaction.prompt.details);
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  return { consent: existing ? {} : { grantId } };
}
