/** The portal the global setup started: where to open it and its provider's issuer. */
export interface Portal {
  url: string;
  issuer: string;
}

export function sharedPortal(): Portal {
  const url = process.env['E2E_PORTAL_URL'];
  const issuer = process.env['E2E_ISSUER'];
  if (!url || !issuer) throw new Error('E2E_PORTAL_URL and E2E_ISSUER are set by the global setup');
  return { url, issuer };
}
