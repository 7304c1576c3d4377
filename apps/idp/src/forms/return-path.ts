/** Longer paths are no address of the portal's we would mail. */
const MAX_RETURN = 1024;

/**
 * The portal address a registration returns to after the confirmation (issue 22, point 1): a
 * path of the portal's own origin, or nothing. The portal names it on its authorize request
 * (`pp_return`); it then travels in links and forms, so every reader checks it again here and a
 * changed value can never send the visitor to another site (no open redirect, decision 0058).
 */
export function returnPath(portalUrl: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_RETURN) return undefined;
  // Only a path: `//host` and `/\host` are addresses of other sites to a browser.
  if (!/^\/(?![/\\])/.test(value) || value.includes('\\')) return undefined;
  const portal = new URL(portalUrl);
  const url = new URL(value, portal);
  if (url.origin !== portal.origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The portal's address for `path`, or its start page. */
export function portalAddress(portalUrl: string, path: string | undefined): string {
  return path === undefined ? portalUrl : new URL(path, portalUrl).href;
}
