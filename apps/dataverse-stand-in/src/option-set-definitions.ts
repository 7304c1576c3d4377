// GET GlobalOptionSetDefinitions: the environment's global option sets, all or one.
import { apiBase, type Answer, type StandInContext } from './context.ts';
import { DataverseError, errors } from './errors.ts';
import { parseSelect } from './odata.ts';
import { optionSetJson } from './option-sets.ts';

export function handleOptionSets(
  context: StandInContext,
  method: string,
  key: string | undefined,
  query: Map<string, string>,
): Answer {
  if (method !== 'GET') throw errors.methodNotAllowed(method);
  const base = apiBase(context);
  const globals = [...context.optionSets.values()].filter((set) => set.global);
  if (key === undefined) {
    const select = parseSelect(query.get('$select'));
    return {
      status: 200,
      body: {
        '@odata.context': `${base}/$metadata#GlobalOptionSetDefinitions${select ? `(${select.join(',')})` : ''}`,
        value: globals.map((set) => {
          const json = optionSetJson(set);
          if (!select) return json;
          return Object.fromEntries(
            Object.entries(json).filter(
              ([name]) => name === '@odata.type' || name === 'MetadataId' || select.includes(name),
            ),
          );
        }),
      },
    };
  }
  const byName = /^Name='([^']*)'$/.exec(key);
  const set = byName
    ? globals.find((s) => s.name === byName[1])
    : globals.find((s) => s.metadataId === key.toLowerCase());
  if (!set) {
    throw new DataverseError(
      404,
      '0x80040217',
      `Could not find optionset with name: ${byName ? byName[1] : key}`,
    );
  }
  return {
    status: 200,
    body: {
      '@odata.context': `${base}/$metadata#GlobalOptionSetDefinitions/$entity`,
      ...optionSetJson(set),
    },
  };
}
