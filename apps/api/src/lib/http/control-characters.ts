import { FieldErrorCode, type TypedFieldError } from '@pp/contract';

/** C0 controls but tab, line feed and carriage return, and DEL: never stored (security finding 4). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Field errors for every string (value or key) in a request part that holds a control
 * character; a NUL byte would make PostgreSQL fail the query. The JSON parser bounds the depth
 * (`json-nesting.ts`), so the recursion stays shallow.
 */
export function controlCharacterErrors(
  part: string,
  value: unknown,
  path = part,
): TypedFieldError[] {
  if (typeof value === 'string') {
    return FORBIDDEN.test(value) ? [{ field: path, code: FieldErrorCode.invalidCharacters }] : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const at = `${path}.${key.replace(FORBIDDEN, '?')}`;
    if (FORBIDDEN.test(key)) return [{ field: at, code: FieldErrorCode.invalidCharacters }];
    return controlCharacterErrors(part, child, at);
  });
}
