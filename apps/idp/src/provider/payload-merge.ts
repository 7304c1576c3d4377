import { isDeepStrictEqual } from 'node:util';
import type { AdapterPayload } from 'oidc-provider';

/** Set by every save (the expiry it extends): never a change of the request's own. */
const SAVE_TIMES = new Set(['exp', 'iat']);

/** A payload as the database will hand it back: JSON has no `undefined`. */
export function asStored(payload: AdapterPayload): AdapterPayload {
  const stored: unknown = JSON.parse(JSON.stringify(payload));
  return stored as AdapterPayload;
}

/** The top-level fields a request changed since it read the payload. */
export function changedFields(read: AdapterPayload, mine: AdapterPayload): string[] {
  const keys = new Set([...Object.keys(read), ...Object.keys(mine)]);
  return [...keys].filter(
    (key) => !SAVE_TIMES.has(key) && !isDeepStrictEqual(read[key], mine[key]),
  );
}

/**
 * A field another request changed since this one read it, and which this request changes to
 * something else: saving would undo the other's change. Undefined when there is none.
 */
export function conflictingField(
  current: AdapterPayload,
  read: AdapterPayload,
  mine: AdapterPayload,
  fields: readonly string[],
): string | undefined {
  return fields.find(
    (key) =>
      !isDeepStrictEqual(current[key], read[key]) && !isDeepStrictEqual(current[key], mine[key]),
  );
}

/** The stored payload with this request's changed fields and its save times applied. */
export function withChanges(
  stored: AdapterPayload,
  mine: AdapterPayload,
  fields: readonly string[],
): AdapterPayload {
  const next: AdapterPayload = { ...stored };
  for (const key of fields) {
    if (mine[key] === undefined) delete next[key];
    else next[key] = mine[key];
  }
  for (const key of SAVE_TIMES) {
    if (mine[key] !== undefined) next[key] = mine[key];
  }
  return next;
}
