import type { Config } from '../config.ts';
import { mailSiteOf } from '../mail/outbox.ts';
import type { IdentityAdministration } from './administration.ts';
import { auth0Administration } from './auth0.ts';
import { embeddedIdentityAdministration } from './embedded.ts';
import { keycloakAdministration } from './keycloak.ts';

/**
 * The identity administration of the deployment's provider, or null where the portal has none
 * (Entra ID's self-service pages, a generic provider, missing credentials): its calls answer
 * `409 not_available`, and the web configuration names the self-service pages where they exist.
 */
export function identityAdministrationOf(config: Config): IdentityAdministration | null {
  const settings = config.administration;
  switch (settings.kind) {
    case 'embedded':
      return embeddedIdentityAdministration(config);
    case 'keycloak':
      return keycloakAdministration({
        ...settings,
        portalClientId: config.oidc.clientId,
        portalUrl: config.publicUrl.href,
      });
    case 'auth0':
      return auth0Administration({ ...settings, site: mailSiteOf(config) });
    case 'self-service':
    case 'none':
      return null;
  }
}
