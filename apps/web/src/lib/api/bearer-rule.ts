/**
 * The specification's rule for the Authorization header: only to the api's own origin (a token
 * never leaks to another host), and not when the URL's path names a PDF or a token endpoint.
 * Only the path counts, so a search term containing "token" still carries the header.
 */
export function carriesBearer(url: URL, apiOrigin: string): boolean {
  if (url.origin !== new URL(apiOrigin).origin) return false;
  const path = url.pathname.toLowerCase();
  return !path.includes('.pdf') && !path.includes('token');
}
