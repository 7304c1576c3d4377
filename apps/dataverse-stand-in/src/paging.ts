// Paging cookies (`$skiptoken`), delta tokens and the query strings of next and delta links.
import { errors } from './errors.ts';

/** The most rows a page holds, and the page size without `Prefer: odata.maxpagesize`. */
export const MAX_PAGE_SIZE = 5000;

export function cookieEncode(fields: Record<string, string | number>): string {
  const attributes = Object.entries(fields)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  return `<cookie ${attributes} />`;
}

export function cookieDecode(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!text.startsWith('<cookie')) throw errors.badRequest('The $skiptoken is not valid.');
  for (const match of text.matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return fields;
}

/** `919042!08/22/2017 08:10:44`: Dataverse's delta tokens are a version and a time. */
export function deltaToken(version: number): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${version}!${pad(now.getUTCMonth() + 1)}/${pad(now.getUTCDate())}/${now.getUTCFullYear()} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`;
}

export function parseDeltaToken(text: string): number {
  const version = Number(text.split('!')[0]);
  if (!Number.isInteger(version)) throw errors.badRequest('The $deltatoken is not valid.');
  return version;
}

/** A query string in OData's form (`$select=a,b&$filter=…`), encoding what must be encoded. */
export function queryString(options: Map<string, string>): string {
  const parts = [...options.entries()].map(
    ([name, value]) =>
      `${name}=${encodeURIComponent(value).replace(/%2C/g, ',').replace(/%24/g, '$').replace(/%3D/g, '=')}`,
  );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
