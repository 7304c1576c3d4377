import {
  columnBody,
  lookupSchemaName,
  mergeCascadeOf,
  optionSetBody,
  primaryNameOf,
  publisherBody,
  relationshipBody,
  solutionBody,
  tableBody,
} from './bodies.ts';
import { isOwn, type DesiredColumn, type DesiredMetadata } from './desired.ts';
import type { ActualColumn, ActualMetadata } from './read.ts';

// The difference between what the mapping needs (`desired.ts`) and what an environment has
// (`read.ts`): problems in plain words for `crm:check` and the start, and for `crm:provision`
// the requests that make up for the ones it can fix. It only ever adds: a column of the wrong
// type or an option without ExternalValue is for the operator to decide.

export interface Problem {
  message: string;
  /** Whether `crm:provision` fixes it; otherwise the operator changes the environment. */
  fixable: boolean;
  /** The portal works despite it (the start goes on), but not as it should: for the operator. */
  minor?: boolean;
}

/** MetadataIds and record ids that steps learn from earlier ones (`OData-EntityId`). */
export type Ids = Map<string, string>;

export type Step =
  | {
      kind: 'post';
      title: string;
      path: string;
      body: (ids: Ids) => unknown;
      /** The entity id the answer's OData-EntityId holds, kept under this name. */
      remember?: string;
      /** Sent with `MSCRM.SolutionUniqueName`, so it becomes part of the solution. */
      inSolution: boolean;
    }
  | { kind: 'changeTracking'; title: string; table: string };

export interface Comparison {
  problems: Problem[];
  steps: Step[];
}

/** Offered to the Web API and printed by `--dry-run` until the earlier step has run. */
export const optionSetKey = (name: string) => `optionset:${name}`;
const PUBLISHER = 'publisher';
/** The default publisher's option value prefix: choices start at 100,000,000. */
const DEFAULT_OPTION_VALUE_PREFIX = 10_000;

const needs: Record<DesiredColumn['kind'], string> = {
  text: 'a text (String) column',
  date: 'a date-only (DateTime) column',
  boolean: 'a yes/no (Boolean) column',
  choice: 'a choice (Picklist) column',
  multichoice: 'a multi-select choice column',
  localchoice: 'a choice (Picklist) column',
};

function typeFits(desired: DesiredColumn, actual: ActualColumn): boolean {
  switch (desired.kind) {
    case 'text':
      return actual.type === 'String' || actual.type === 'Memo';
    case 'date':
      return actual.type === 'DateTime';
    case 'boolean':
      return actual.type === 'Boolean';
    case 'choice':
    case 'localchoice':
      return actual.type === 'Picklist';
    case 'multichoice':
      return actual.typeName === 'MultiSelectPicklistType';
  }
}

export function compare(
  desired: DesiredMetadata,
  actual: ActualMetadata,
  solutionName: string,
): Comparison {
  const problems: Problem[] = [];
  const steps: Step[] = [];
  const problem = (message: string, fixable: boolean) => problems.push({ message, fixable });
  const ids: Ids = new Map();
  let optionValuePrefix = DEFAULT_OPTION_VALUE_PREFIX;

  // The solution, of a publisher whose prefix is the mapping's.
  if (actual.solution) {
    const publisher = actual.solution.publisher;
    optionValuePrefix = publisher?.optionValuePrefix ?? optionValuePrefix;
    if (publisher && publisher.prefix !== desired.prefix) {
      problem(
        `solution ${solutionName} belongs to publisher ${publisher.uniqueName} with prefix "${publisher.prefix}", but the mapping's names start with "${desired.prefix}_"`,
        false,
      );
    }
  } else {
    problem(`solution ${solutionName} is missing`, true);
    if (actual.publisher) {
      optionValuePrefix = actual.publisher.optionValuePrefix;
      ids.set(PUBLISHER, actual.publisher.id);
    } else {
      steps.push({
        kind: 'post',
        title: `create publisher with prefix "${desired.prefix}" (option values from ${DEFAULT_OPTION_VALUE_PREFIX * 10_000})`,
        path: 'publishers',
        body: () => publisherBody(desired.prefix, DEFAULT_OPTION_VALUE_PREFIX),
        remember: PUBLISHER,
        inSolution: false,
      });
    }
    steps.push({
      kind: 'post',
      title: `create solution ${solutionName}`,
      path: 'solutions',
      body: (known) => solutionBody(solutionName, known.get(PUBLISHER) ?? `<publisherid>`),
      inSolution: false,
    });
  }

  for (const set of desired.optionSets) {
    const found = actual.optionSets.get(set.name);
    if (!found) {
      problem(`option set ${set.name} is missing`, true);
      steps.push({
        kind: 'post',
        title: `create option set ${set.name} with ${codesOf(set.options.map((o) => o.code))}`,
        path: 'GlobalOptionSetDefinitions',
        body: () => optionSetBody(set, optionValuePrefix),
        remember: optionSetKey(set.name),
        inSolution: true,
      });
      continue;
    }
    ids.set(optionSetKey(set.name), found.metadataId);
    for (const option of found.options) {
      if (!option.externalValue) {
        problem(
          `option set ${set.name}: option ${option.value} has no ExternalValue (the portal would see it as V${option.value})`,
          false,
        );
      }
    }
    for (const option of set.options) {
      if (!found.options.some((o) => o.externalValue === option.code)) {
        problem(`option set ${set.name} has no option with ExternalValue ${option.code}`, false);
      }
    }
  }

  for (const table of desired.tables) {
    const found = actual.tables.get(table.logicalName);
    const own = (column: string) => isOwn(column, desired.prefix);
    if (!found) {
      problem(`table ${table.logicalName} is missing`, table.custom);
      if (table.custom) {
        steps.push({
          kind: 'post',
          title: `create table ${table.logicalName} (entity set ${table.entitySet}, primary name column ${primaryNameOf(table)}, change tracking on)`,
          path: 'EntityDefinitions',
          body: () => tableBody(table),
          inSolution: true,
        });
      }
    } else {
      if (found.entitySet !== table.entitySet) {
        problem(
          `table ${table.logicalName} has the entity set ${found.entitySet}, the mapping says ${table.entitySet}`,
          false,
        );
      }
      if (!found.changeTracking) {
        problem(`table ${table.logicalName} does not have change tracking on`, true);
        steps.push({
          kind: 'changeTracking',
          title: `turn on change tracking for table ${table.logicalName}`,
          table: table.logicalName,
        });
      }
    }
    const entity = `EntityDefinitions(LogicalName='${table.logicalName}')`;
    for (const column of table.columns) {
      const name = `${table.logicalName}.${column.column}`;
      const existing = found?.columns.get(column.column);
      // A new table brings its primary name column.
      if (!found && table.custom && column.column === primaryNameOf(table)) continue;
      if (!existing) {
        problem(`column ${name} is missing`, own(column.column));
        if (own(column.column)) {
          steps.push({
            kind: 'post',
            title: `create column ${name}: ${needs[column.kind]}${'optionSet' in column ? ` of ${column.optionSet}` : ''}`,
            path: `${entity}/Attributes`,
            body: (known) =>
              columnBody(column, (set) => known.get(optionSetKey(set)) ?? `<MetadataId of ${set}>`),
            inSolution: true,
          });
        }
        continue;
      }
      if (!typeFits(column, existing)) {
        problem(
          `column ${name} is ${existing.type}, the mapping needs ${needs[column.kind]}`,
          false,
        );
        continue;
      }
      const set = existing.optionSet;
      if ('optionSet' in column && set?.name !== column.optionSet) {
        problem(
          `column ${name} uses option set ${set?.name ?? '(none)'}, the mapping says ${column.optionSet}`,
          false,
        );
      }
      if (column.kind === 'localchoice') {
        for (const [code, value] of Object.entries(column.options)) {
          if (!set?.options.some((o) => o.value === value)) {
            problem(`column ${name} has no option ${value} (the portal's ${code})`, false);
          }
        }
      }
    }
    for (const lookup of table.lookups) {
      const name = `${table.logicalName}.${lookup.column}`;
      const relationship = found?.manyToOne.find((r) => r.referencingAttribute === lookup.column);
      if (!relationship) {
        const fixable = own(lookup.column) && !found?.columns.has(lookup.column);
        problem(`lookup ${name} to ${lookup.referenced} is missing`, fixable);
        if (fixable) {
          steps.push({
            kind: 'post',
            title: `create lookup ${name} to ${lookup.referenced} (navigation ${lookupSchemaName(lookup)})`,
            path: 'RelationshipDefinitions',
            body: () => relationshipBody(table.logicalName, lookup),
            inSolution: true,
          });
        }
        continue;
      }
      const candidates = found!.manyToOne.filter((r) => r.referencingAttribute === lookup.column);
      const match = candidates.find((r) => r.referencedEntity === lookup.referenced);
      if (!match) {
        problem(
          `lookup ${name} points to ${relationship.referencedEntity}, the mapping says ${lookup.referenced}`,
          false,
        );
      } else if (lookup.navigation !== undefined && match.navigation !== lookup.navigation) {
        const caseOnly = match.navigation.toLowerCase() === lookup.navigation.toLowerCase();
        problem(
          `lookup ${name} is navigated as ${match.navigation}, the mapping says ${lookup.navigation}${
            caseOnly ? ' (navigation property names are case-sensitive)' : ''
          }`,
          false,
        );
      }
      // A merge in Dynamics moves the subordinate's rows along Merge: Cascade only (bodies.ts).
      const merge = mergeCascadeOf(lookup);
      if (
        match &&
        own(lookup.column) &&
        match.mergeCascade !== undefined &&
        match.mergeCascade !== merge
      ) {
        problems.push({
          message: `lookup ${name} has the Merge cascade ${match.mergeCascade}, the portal needs ${merge}: a merge of two ${lookup.referenced}s would leave the subordinate's ${table.logicalName} rows behind (change the relationship ${match.schemaName}'s merge behaviour to Cascade All)`,
          fixable: false,
          minor: true,
        });
      }
    }
  }
  // Known ids go to the first step's map, so that bodies can bind existing option sets.
  return { problems, steps: steps.map((step) => withIds(step, ids)) };
}

/** `4 options (HERR, FRAU, DIVERS, KEINE_ANGABE)`; a long list is cut after five. */
function codesOf(codes: string[]): string {
  const shown = codes.length > 6 ? [...codes.slice(0, 5), '…'] : codes;
  return `${codes.length} options (ExternalValue ${shown.join(', ')})`;
}

function withIds(step: Step, ids: Ids): Step {
  if (step.kind !== 'post') return step;
  return { ...step, body: (known) => step.body(new Map([...ids, ...known])) };
}
