import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { hasControlCharacters } from '@pp/contract';

/** Every string in a value: itself, an array's items, an object's keys and values. */
function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === 'string') {
    yield value;
  } else if (Array.isArray(value)) {
    for (const item of value) yield* stringsIn(item);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* stringsIn(item);
    }
  }
}

function refuse(...values: unknown[]): void {
  for (const value of values) {
    for (const text of stringsIn(value)) {
      if (hasControlCharacters(text)) {
        throw new errors.InvalidRequest('control characters are not allowed');
      }
    }
  }
}

/**
 * oidc-provider looks up and stores what requests carry: a code or token from a form body, the
 * `state` of a sign-out. PostgreSQL refuses a NUL byte in text and jsonb, which answered 500
 * (security finding 4), and no control character belongs in any of them: such a value is a bad
 * request (400) before it reaches the database. Query strings are refused earlier, with our page.
 */
export function refusingControlCharacters(adapter: Adapter): Adapter {
  return {
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      refuse(id, payload);
      return adapter.upsert(id, payload, expiresIn);
    },
    async find(id: string) {
      refuse(id);
      return adapter.find(id);
    },
    async findByUid(uid: string) {
      refuse(uid);
      return adapter.findByUid(uid);
    },
    async findByUserCode(userCode: string) {
      refuse(userCode);
      return adapter.findByUserCode(userCode);
    },
    async consume(id: string) {
      refuse(id);
      return adapter.consume(id);
    },
    async destroy(id: string) {
      refuse(id);
      return adapter.destroy(id);
    },
    async revokeByGrantId(grantId: string) {
      refuse(grantId);
      return adapter.revokeByGrantId(grantId);
    },
  };
}
