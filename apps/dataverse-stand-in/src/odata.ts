import { errors } from './errors.ts';

// The OData query options the stand-in understands: `$select`, `$filter` (comparisons with eq,
// ne, gt, ge, lt, le; and, or, not, parentheses; contains/startswith/endswith; the query
// functions `Microsoft.Dynamics.CRM.In` and `NotIn`), `$expand` of
// single-valued navigation properties with a nested `$select`, and `$top`. Anything else is
// refused with 400 rather than ignored, so that a client does not rely on something unchecked.

/**
 * Query options of a URL, decoded without turning `+` into a space (OData URLs encode a plus
 * as %2B, and a `+49 …` phone number in a filter typed by hand should stay a plus).
 */
export function parseQuery(search: string): Map<string, string> {
  const options = new Map<string, string>();
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (!text) return options;
  for (const part of text.split('&')) {
    if (!part) continue;
    const equals = part.indexOf('=');
    const name = decodeURIComponent(equals < 0 ? part : part.slice(0, equals));
    const value = equals < 0 ? '' : decodeURIComponent(part.slice(equals + 1));
    options.set(name, value);
  }
  return options;
}

/** Splits on commas that are not inside parentheses or quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((part) => part.length > 0);
}

export interface Expand {
  navigation: string;
  select?: string[];
}

export function parseSelect(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return splitTopLevel(value);
}

export function parseExpand(value: string | undefined): Expand[] {
  if (value === undefined) return [];
  return splitTopLevel(value).map((item) => {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:\((.*)\))?$/s.exec(item);
    if (!match) throw errors.badRequest(`The $expand item '${item}' is not valid.`);
    const [, navigation, nested] = match;
    const expand: Expand = { navigation: navigation! };
    if (nested) {
      for (const option of nested.split(';')) {
        const [name, ...rest] = option.split('=');
        if (name?.trim() !== '$select') {
          throw errors.badRequest(`The nested option '${name}' of $expand is not supported.`);
        }
        expand.select = splitTopLevel(rest.join('='));
      }
    }
    return expand;
  });
}

/** The Prefer header's preferences (`odata.maxpagesize=2`, `return=representation`, …). */
export function parsePrefer(header: string | string[] | undefined): Map<string, string> {
  const preferences = new Map<string, string>();
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(',')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const equals = trimmed.indexOf('=');
    if (equals < 0) preferences.set(trimmed.toLowerCase(), '');
    else {
      preferences.set(
        trimmed.slice(0, equals).trim().toLowerCase(),
        trimmed
          .slice(equals + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
    }
  }
  return preferences;
}

// `$filter` has a module of its own; what it exports is reachable from here too.
export { filterProperties, matches, parseFilter, type FilterNode } from './filter.ts';
