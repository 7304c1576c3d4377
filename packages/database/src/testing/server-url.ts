/** The connection string of `database` on the server of `adminUrl`. */
export function serverUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
