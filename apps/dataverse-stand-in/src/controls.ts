// The test controls over HTTP under `/_stand-in/`, for a stand-in in another process.
import type { Answer } from './context.ts';
import { errors } from './errors.ts';
import type { DataverseStandIn, Throttle } from './options.ts';
import { isGuid, type Row } from './store.ts';

/** The test controls over HTTP, for a stand-in in another process (`httpControls`). */
export function control(
  controls: DataverseStandIn,
  method: string,
  what: string,
  body: unknown,
): Answer {
  const input = (body ?? {}) as Record<string, unknown>;
  const done = { status: 204 };
  if (what === 'seen' && method === 'GET') return { status: 200, body: controls.seen };
  if (what === 'seen' && method === 'DELETE') {
    controls.seen.length = 0;
    return done;
  }
  if (method !== 'POST') throw errors.methodNotAllowed(method);
  switch (what) {
    case 'throttle':
      controls.setThrottle(body === undefined || body === null ? null : (body as Throttle));
      return done;
    case 'expire-tokens':
      controls.expireTokens();
      return done;
    case 'expire-change-tracking':
      controls.expireChangeTracking();
      return done;
    case 'suspend': {
      // Answers first, then stops listening for `seconds` (the CRM "away").
      const seconds = Number(input.seconds ?? 0);
      setTimeout(() => {
        void controls.suspend().then(() => {
          setTimeout(() => void controls.resume(), seconds * 1000);
        });
      }, 50);
      return done;
    }
    case 'edit':
      return {
        status: 200,
        body: {
          etag: controls.edit(
            String(input.entitySet),
            String(input.id),
            (input.fields ?? {}) as Row,
          ),
        },
      };
    case 'remove':
      return {
        status: 200,
        body: { removed: controls.remove(String(input.entitySet), String(input.id)) },
      };
    case 'refuse': {
      // Refuses writes whose row has every value of `where` (e.g. { lastname: 'Parked' }).
      const where = (input.where ?? {}) as Row;
      controls.refuse(String(input.entitySet), (write) =>
        Object.entries(where).every(([name, value]) => write.row?.[name] === value),
      );
      return done;
    }
    case 'organisation': {
      // Another environment answers from now on: WhoAmI gives `{ id }` as its OrganizationId.
      const id = typeof input.id === 'string' ? input.id.toLowerCase() : '';
      if (!isGuid(id)) throw errors.badRequest('id must be the GUID of an organisation.');
      controls.setOrganisationId(id);
      return done;
    }
    case 'option-label': {
      // Relabels one option as a customiser would: `{ optionSet, externalValue, labelDe, labelEn }`.
      const option = controls.optionSets
        .get(String(input.optionSet))
        ?.options.find((o) => o.externalValue === input.externalValue);
      if (!option) throw errors.segmentNotFound(String(input.externalValue));
      if (typeof input.labelDe === 'string') option.labelDe = input.labelDe;
      if (typeof input.labelEn === 'string') option.labelEn = input.labelEn;
      return done;
    }
    default:
      throw errors.segmentNotFound(what);
  }
}
