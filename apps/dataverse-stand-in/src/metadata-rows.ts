import { randomUUID } from 'node:crypto';
import { errors } from './errors.ts';
import { created, object, text, type Answer } from './metadata-create-common.ts';
import type { MetadataState } from './metadata-model.ts';
import { matches, parseExpand, parseFilter, parseSelect } from './odata.ts';

// Publishers and solutions, read and created as rows of Dataverse's own tables
// (https://learn.microsoft.com/power-apps/developer/data-platform/reference/entities/publisher,
// https://learn.microsoft.com/power-apps/developer/data-platform/reference/entities/solution).

/** GET publishers / solutions, with a key, $select, $filter and (solutions) $expand=publisherid. */
export function readRows(
  state: MetadataState,
  kind: 'publishers' | 'solutions',
  key: string | undefined,
  query: Map<string, string>,
  base: string,
) {
  const table = state[kind];
  const id = kind === 'publishers' ? 'publisherid' : 'solutionid';
  const select = parseSelect(query.get('$select'));
  const expands = parseExpand(query.get('$expand'));
  const present = (row: Record<string, unknown>) => {
    const out: Record<string, unknown> = select
      ? Object.fromEntries([id, ...select].map((name) => [name, row[name] ?? null]))
      : { ...row };
    for (const expand of expands) {
      if (kind !== 'solutions' || expand.navigation !== 'publisherid') {
        throw errors.unknownProperty(expand.navigation, kind.slice(0, -1));
      }
      const publisher = state.publishers.find((p) => p.publisherid === row._publisherid_value);
      out.publisherid = publisher ? rowsSelect(publisher, expand.select) : null;
    }
    return out;
  };
  if (key !== undefined) {
    const row = table.find((r) => r[id] === key.toLowerCase());
    if (!row) throw errors.notFound(kind.slice(0, -1), key);
    return present(row);
  }
  const filter = query.get('$filter');
  const node = filter ? parseFilter(filter) : undefined;
  return {
    '@odata.context': `${base}/$metadata#${kind}`,
    value: table.filter((row) => !node || matches(node, row)).map(present),
  };
}

function rowsSelect(row: Record<string, unknown>, select: string[] | undefined) {
  if (!select) return { ...row };
  return Object.fromEntries(select.map((name) => [name, row[name] ?? null]));
}

/** POST publishers / solutions (rows of Dataverse's own tables). */
export function createRow(
  state: MetadataState,
  kind: 'publishers' | 'solutions',
  body: unknown,
  base: string,
): Answer {
  const json = object(body, kind);
  const type = kind.slice(0, -1);
  const uniquename = text(json, 'uniquename', type);
  text(json, 'friendlyname', type);
  if (state[kind].some((row) => row.uniquename === uniquename)) throw errors.exists();
  const id = randomUUID();
  if (kind === 'publishers') {
    const prefix = text(json, 'customizationprefix', type);
    // Two to eight letters or digits, beginning with a letter, not "mscrm".
    if (!/^[a-z][a-z0-9]{1,7}$/.test(prefix) || prefix.startsWith('mscrm')) {
      throw errors.invalidValue(
        'customizationprefix must be 2 to 8 letters or digits, beginning with a letter, and not mscrm.',
      );
    }
    const optionPrefix = json.customizationoptionvalueprefix;
    if (
      !Number.isInteger(optionPrefix) ||
      (optionPrefix as number) < 10000 ||
      (optionPrefix as number) > 99999
    ) {
      throw errors.invalidValue(
        'customizationoptionvalueprefix must be a whole number from 10000 to 99999.',
      );
    }
    state.publishers.push({ ...json, publisherid: id });
  } else {
    text(json, 'version', type);
    const bind = /^\/?publishers\(([0-9a-f-]{36})\)$/i.exec(
      String(json['publisherid@odata.bind'] ?? ''),
    );
    const publisher = state.publishers.find((p) => p.publisherid === bind?.[1]?.toLowerCase());
    if (!publisher)
      throw errors.badRequest('publisherid@odata.bind must name an existing publisher.');
    const { 'publisherid@odata.bind': _bound, ...rest } = json;
    void _bound;
    state.solutions.push({
      ...rest,
      solutionid: id,
      _publisherid_value: publisher.publisherid,
    });
  }
  return created(`${base}/${kind}(${id})`);
}
