import { errors } from './errors.ts';

// The OData query options the stand-in understands: `$select`, `$filter` (comparisons with eq,
// ne, gt, ge, lt, le; and, or, not, parentheses; contains/startswith/endswith), `$expand` of
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

// $filter

type Literal = string | number | boolean | null;

export type FilterNode =
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'not'; operand: FilterNode }
  | { kind: 'compare'; op: string; left: Operand; right: Operand }
  | { kind: 'function'; name: string; property: string; value: string };

type Operand = { kind: 'property'; name: string } | { kind: 'literal'; value: Literal };

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'guid'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'word'; value: string }
  | { kind: 'punct'; value: '(' | ')' | ',' };

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'punct', value: c });
      i++;
    } else if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw errors.badRequest('Unterminated string literal in $filter.');
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      tokens.push({ kind: 'string', value });
    } else if (GUID.test(rest)) {
      const value = GUID.exec(rest)![0];
      tokens.push({ kind: 'guid', value: value.toLowerCase() });
      i += value.length;
    } else if (/^-?\d/.test(rest)) {
      const value = /^-?\d+(\.\d+)?/.exec(rest)![0];
      tokens.push({ kind: 'number', value: Number(value) });
      i += value.length;
    } else if (/^[A-Za-z_]/.test(rest)) {
      const value = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest)![0];
      tokens.push({ kind: 'word', value });
      i += value.length;
    } else {
      throw errors.badRequest(`Syntax error at position ${i} in $filter '${text}'.`);
    }
  }
  return tokens;
}

const COMPARISONS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const FUNCTIONS = new Set(['contains', 'startswith', 'endswith']);

export function parseFilter(text: string): FilterNode {
  const tokens = tokenize(text);
  let position = 0;
  const peek = () => tokens[position];
  const next = () => {
    const token = tokens[position++];
    if (!token) throw errors.badRequest(`Unexpected end of $filter '${text}'.`);
    return token;
  };
  const isWord = (token: Token | undefined, word: string) =>
    token?.kind === 'word' && token.value === word;
  const expect = (value: '(' | ')' | ',') => {
    const token = next();
    if (token.kind !== 'punct' || token.value !== value) {
      throw errors.badRequest(`Expected '${value}' in $filter '${text}'.`);
    }
  };

  function operand(): Operand {
    const token = next();
    switch (token.kind) {
      case 'string':
      case 'guid':
      case 'number':
        return { kind: 'literal', value: token.value };
      case 'word':
        if (token.value === 'null') return { kind: 'literal', value: null };
        if (token.value === 'true') return { kind: 'literal', value: true };
        if (token.value === 'false') return { kind: 'literal', value: false };
        return { kind: 'property', name: token.value };
      default:
        throw errors.badRequest(`Unexpected '${token.value}' in $filter '${text}'.`);
    }
  }

  function primary(): FilterNode {
    const token = peek();
    if (token?.kind === 'punct' && token.value === '(') {
      next();
      const node = or();
      expect(')');
      return node;
    }
    if (isWord(token, 'not')) {
      next();
      return { kind: 'not', operand: primary() };
    }
    if (token?.kind === 'word' && FUNCTIONS.has(token.value)) {
      const after = tokens[position + 1];
      if (after?.kind === 'punct' && after.value === '(') {
        next();
        expect('(');
        const property = next();
        expect(',');
        const value = next();
        expect(')');
        if (property.kind !== 'word' || value.kind !== 'string') {
          throw errors.badRequest(`${token.value} takes a property and a string.`);
        }
        return {
          kind: 'function',
          name: token.value,
          property: property.value,
          value: value.value,
        };
      }
    }
    const left = operand();
    const op = next();
    if (op.kind !== 'word' || !COMPARISONS.has(op.value)) {
      throw errors.badRequest(`Expected a comparison operator in $filter '${text}'.`);
    }
    return { kind: 'compare', op: op.value, left, right: operand() };
  }

  function and(): FilterNode {
    let node = primary();
    while (isWord(peek(), 'and')) {
      next();
      node = { kind: 'and', left: node, right: primary() };
    }
    return node;
  }

  function or(): FilterNode {
    let node = and();
    while (isWord(peek(), 'or')) {
      next();
      node = { kind: 'or', left: node, right: and() };
    }
    return node;
  }

  const node = or();
  if (position < tokens.length) {
    throw errors.badRequest(
      `Unexpected '${String(tokens[position]!.value)}' in $filter '${text}'.`,
    );
  }
  return node;
}

/** The property names a filter reads, to check them against the table's columns. */
export function filterProperties(node: FilterNode): string[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return [...filterProperties(node.left), ...filterProperties(node.right)];
    case 'not':
      return filterProperties(node.operand);
    case 'function':
      return [node.property];
    case 'compare':
      return [node.left, node.right].flatMap((o) => (o.kind === 'property' ? [o.name] : []));
  }
}

/** Text compares without regard to case, as Dataverse's default collation does. */
function normalize(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

export function matches(node: FilterNode, row: Record<string, unknown>): boolean {
  switch (node.kind) {
    case 'and':
      return matches(node.left, row) && matches(node.right, row);
    case 'or':
      return matches(node.left, row) || matches(node.right, row);
    case 'not':
      return !matches(node.operand, row);
    case 'function': {
      const value = row[node.property];
      if (typeof value !== 'string') return false;
      const haystack = value.toLowerCase();
      const needle = node.value.toLowerCase();
      if (node.name === 'contains') return haystack.includes(needle);
      if (node.name === 'startswith') return haystack.startsWith(needle);
      return haystack.endsWith(needle);
    }
    case 'compare': {
      const read = (o: Operand) =>
        normalize(o.kind === 'property' ? (row[o.name] ?? null) : o.value);
      const left = read(node.left);
      const right = read(node.right);
      if (node.op === 'eq') return left === right;
      if (node.op === 'ne') return left !== right;
      if (left === null || right === null) return false;
      const l = left as string | number;
      const r = right as string | number;
      if (node.op === 'gt') return l > r;
      if (node.op === 'ge') return l >= r;
      if (node.op === 'lt') return l < r;
      return l <= r;
    }
  }
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
