import { randomUUID } from 'node:crypto';
import { errors } from './errors.ts';
import {
  created,
  label,
  object,
  text,
  textOf,
  typeIs,
  type Answer,
  type CreateContext,
  type Json,
} from './metadata-create-common.ts';
import type { Option } from './option-sets.ts';

// POST GlobalOptionSetDefinitions: "Create and update choices (option sets) using the Web API"
// (https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-optionsets):
// a null Value takes the publisher's option value prefix.

export function createOptionSet(
  context: CreateContext,
  body: unknown,
  solution: string | undefined,
  base: string,
): Answer {
  const { state, checkPrefix, remember } = context;
  const json = object(body, 'OptionSetMetadata');
  if (!typeIs(json, 'OptionSetMetadata')) {
    throw errors.badRequest('The @odata.type must be Microsoft.Dynamics.CRM.OptionSetMetadata.');
  }
  const name = text(json, 'Name', 'OptionSetMetadata');
  const publisher = checkPrefix(name, solution, 'OptionSetMetadata');
  if (state.optionSets.has(name))
    throw errors.badRequest(`An option set named ${name} already exists.`);
  if (json.IsGlobal !== true)
    throw errors.badRequest('OptionSetMetadata.IsGlobal must be true here.');
  if (json.OptionSetType !== undefined && json.OptionSetType !== 'Picklist') {
    throw errors.badRequest('OptionSetMetadata.OptionSetType must be Picklist.');
  }
  const displayName = label(json, 'DisplayName', 'OptionSetMetadata');
  const metadataId = randomUUID();
  state.optionSets.set(name, {
    name,
    metadataId,
    global: true,
    displayDe: textOf(displayName, 1031),
    displayEn: textOf(displayName, 1033),
    options: optionsOf(json, Number(publisher.customizationoptionvalueprefix)),
  });
  remember(metadataId, solution);
  return created(`${base}/GlobalOptionSetDefinitions(${metadataId})`);
}

/** Options of an OptionSetMetadata body; a null Value takes the next one of the prefix. */
export function optionsOf(json: Json, optionValuePrefix: number): Option[] {
  const given = Array.isArray(json.Options) ? (json.Options as Json[]) : [];
  const options: Option[] = [];
  let next = optionValuePrefix * 10_000;
  for (const option of given) {
    const labelJson = label(option, 'Label', 'OptionMetadata');
    let value = option.Value;
    if (value === null || value === undefined) {
      while (options.some((o) => o.value === next)) next++;
      value = next;
    }
    if (!Number.isInteger(value))
      throw errors.badRequest('OptionMetadata.Value must be a whole number or null.');
    if (options.some((o) => o.value === value)) {
      throw errors.badRequest(`The option value ${String(value)} is used twice.`);
    }
    const external = option.ExternalValue;
    options.push({
      value: value as number,
      externalValue: typeof external === 'string' && external ? external : null,
      labelDe: textOf(labelJson, 1031),
      labelEn: textOf(labelJson, 1033),
    });
  }
  return options;
}
