import type { ProviderStandIn } from './provider-stand-in.ts';

/** A portal the suite started: where to open it and its provider's issuer. */
export interface Portal {
  url: string;
  issuer: string;
  /** The stand-in Dataverse it keeps its records in; absent with the built-in store. */
  dataverseUrl?: string;
  /**
   * With `identityProvider` other than `embedded`: the stand-in provider the portal signs in
   * with, and the customer its database held before the start (provider-sign-in.ts).
   */
  external?: { provider: ProviderStandIn; customerId: string };
}

export function sharedPortal(): Portal {
  const url = process.env['E2E_PORTAL_URL'];
  const issuer = process.env['E2E_ISSUER'];
  if (!url || !issuer) throw new Error('E2E_PORTAL_URL and E2E_ISSUER are set by the global setup');
  const dataverseUrl = process.env['E2E_DATAVERSE_URL'];
  return { url, issuer, ...(dataverseUrl ? { dataverseUrl } : {}) };
}
