import { errors } from './errors.ts';
import type { FilterNode, Token } from './filter.ts';

// Dataverse's query functions In and NotIn in `$filter` (Microsoft Learn: "Filter rows",
// webapi/query/filter-rows, and the function's reference, webapi/reference/in):
// `Microsoft.Dynamics.CRM.In(PropertyName='contactid',PropertyValues=['…','…'])`. Other query
// functions answer 400: the stand-in does not pretend to know them.

export const QUERY_FUNCTION_PREFIX = 'Microsoft.Dynamics.CRM.';

type Punct = '(' | ')' | ',' | '[' | ']' | '=';

/** The filter parser's position, as a query function reads its parameters from it. */
export interface Cursor {
  peek(): Token | undefined;
  next(): Token;
  expect(value: Punct): void;
}

/** `Microsoft.Dynamics.CRM.In(PropertyName='x',PropertyValues=['a','b'])`, after its name. */
export function queryFunction(name: string, { peek, next, expect }: Cursor): FilterNode {
  const functionName = name.slice(QUERY_FUNCTION_PREFIX.length);
  if (functionName !== 'In' && functionName !== 'NotIn') {
    throw errors.badRequest(`The query function ${name} is not supported by the stand-in.`);
  }
  expect('(');
  const parameters = new Map<string, string | string[]>();
  for (;;) {
    const parameter = next();
    if (parameter.kind !== 'word') {
      throw errors.badRequest(`Expected a parameter name in ${name}.`);
    }
    expect('=');
    if (peek()?.kind === 'punct' && peek()!.value === '[') {
      next();
      const values: string[] = [];
      while (!(peek()?.kind === 'punct' && peek()!.value === ']')) {
        const value = next();
        if (value.kind !== 'string') {
          throw errors.badRequest(`The values of ${parameter.value} must be strings.`);
        }
        values.push(value.value);
        if (peek()?.kind === 'punct' && peek()!.value === ',') next();
      }
      expect(']');
      parameters.set(parameter.value, values);
    } else {
      const value = next();
      if (value.kind !== 'string') {
        throw errors.badRequest(`The value of ${parameter.value} must be a string.`);
      }
      parameters.set(parameter.value, value.value);
    }
    const after = next();
    if (after.kind === 'punct' && after.value === ')') break;
    if (after.kind !== 'punct' || after.value !== ',') {
      throw errors.badRequest(`Expected ',' or ')' in ${name}.`);
    }
  }
  const property = parameters.get('PropertyName');
  const values = parameters.get('PropertyValues');
  if (typeof property !== 'string' || !Array.isArray(values) || parameters.size !== 2) {
    throw errors.badRequest(`${name} takes PropertyName and PropertyValues.`);
  }
  return { kind: 'in', negate: functionName === 'NotIn', property, values };
}
/**
 * The filter with each query function's PropertyName as the name a row is read by: a lookup's
 * logical name (`pp_contactid`) becomes `_pp_contactid_value`; `_x_value` itself is refused there,
 * as Dataverse wants the attribute's logical name.
 */
export function withReadNames(node: FilterNode, readName: (logical: string) => string): FilterNode {
  switch (node.kind) {
    case 'and':
    case 'or':
      return {
        ...node,
        left: withReadNames(node.left, readName),
        right: withReadNames(node.right, readName),
      };
    case 'not':
      return { ...node, operand: withReadNames(node.operand, readName) };
    case 'in':
      return { ...node, property: readName(node.property) };
    default:
      return node;
  }
}

/** The keys a filter names when it is one In on the table's key (read by key, not scanned). */
export function keysOfIn(node: FilterNode, key: string): string[] | undefined {
  if (node.kind === 'in' && !node.negate && node.property === key) {
    return node.values.map((value) => value.toLowerCase());
  }
  return undefined;
}
