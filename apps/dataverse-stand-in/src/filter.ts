import { errors } from './errors.ts';
import { QUERY_FUNCTION_PREFIX, queryFunction } from './query-functions.ts';

// `$filter` as the stand-in reads it: comparisons with eq, ne, gt, ge, lt, le; and, or, not,
// parentheses; contains/startswith/endswith; Dataverse's query functions In and NotIn. Anything
// else answers 400 rather than being ignored.

type Literal = string | number | boolean | null;

export type FilterNode =
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'not'; operand: FilterNode }
  | { kind: 'compare'; op: string; left: Operand; right: Operand }
  | { kind: 'function'; name: string; property: string; value: string }
  /**
   * Dataverse's query functions In and NotIn (Microsoft Learn: "Filter rows", Dataverse query
   * functions, webapi/query/filter-rows; the "In Function" reference, webapi/reference/in):
   * `Microsoft.Dynamics.CRM.In(PropertyName='contactid',PropertyValues=['…','…'])`. The property
   * is a column's logical name (a lookup by its own name, not `_x_value`); the values are strings.
   */
  | { kind: 'in'; negate: boolean; property: string; values: string[] };

type Operand = { kind: 'property'; name: string } | { kind: 'literal'; value: Literal };

export type Token =
  | { kind: 'string'; value: string }
  | { kind: 'guid'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'word'; value: string }
  | { kind: 'punct'; value: '(' | ')' | ',' | '[' | ']' | '=' };

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',' || c === '[' || c === ']' || c === '=') {
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
      const value = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(rest)![0];
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
  const expect = (value: '(' | ')' | ',' | '[' | ']' | '=') => {
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
    if (token?.kind === 'word' && token.value.startsWith(QUERY_FUNCTION_PREFIX)) {
      next();
      return queryFunction(token.value, { peek, next, expect });
    }
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
    case 'in':
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
    case 'in': {
      const value = normalize(row[node.property] ?? null);
      const found = node.values.some((candidate) => normalize(candidate) === value);
      return node.negate ? !found : found;
    }
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
