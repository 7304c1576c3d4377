import { CrmRefused } from '../../crm-client.ts';
import type { DataverseMapping } from '../mapping.ts';
import { refusal, type DataverseWebApi } from '../web-api.ts';
import { compare, type Ids, type Problem, type Step } from './check.ts';
import { desiredMetadata, type PicklistValue } from './desired.ts';
import { seedPicklists } from './picklists.ts';
import { readMetadata } from './read.ts';

// `crm:check` and `crm:provision`: read the environment's metadata, compare it with what the
// mapping needs, and (provision) create what is missing, in the operator's solution
// (`MSCRM.SolutionUniqueName`, Microsoft Learn: "Create and update table definitions using the
// Web API", https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-entity-definitions-using-web-api).
// Running it again finds nothing missing and sends nothing.

/** The solution the portal's components go to unless `--solution` names another. */
export const DEFAULT_SOLUTION = 'PracticePortal';

export interface MetadataOptions {
  mapping: DataverseMapping;
  solution?: string;
  /** The portal's first picklist values; default: those of its migrations. */
  picklists?: readonly PicklistValue[];
}

export async function checkMetadata(
  api: DataverseWebApi,
  options: MetadataOptions,
): Promise<{ problems: Problem[]; steps: Step[] }> {
  const solution = options.solution ?? DEFAULT_SOLUTION;
  const desired = desiredMetadata(options.mapping, options.picklists ?? seedPicklists());
  const actual = await readMetadata(api, desired, solution);
  const { problems, steps } = compare(desired, actual, solution);
  return { problems, steps: ordered(steps) };
}

/**
 * The first problem that stops the portal from working, or null. A missing solution alone does
 * not: the tables may have been made by hand, or by another solution of the same publisher. Nor
 * does a minor one (a lookup's Merge cascade): crm:check names it.
 */
export async function firstMetadataProblem(
  api: DataverseWebApi,
  mapping: DataverseMapping,
): Promise<string | null> {
  const { problems } = await checkMetadata(api, { mapping });
  return (
    problems.find((problem) => !problem.minor && !problem.message.startsWith('solution '))
      ?.message ?? null
  );
}

const PHASES = [
  'publishers',
  'solutions',
  'GlobalOptionSetDefinitions',
  'EntityDefinitions',
  'Attributes',
  'RelationshipDefinitions',
];
function phase(step: Step): number {
  if (step.kind === 'changeTracking') return PHASES.length;
  const last = step.path.split('/').at(-1)!;
  return PHASES.indexOf(last);
}
/** Publisher, solution, option sets, tables, columns, lookups (which need both tables), tracking. */
function ordered(steps: Step[]): Step[] {
  return steps
    .map((step, index) => ({ step, index }))
    .sort((a, b) => phase(a.step) - phase(b.step) || a.index - b.index)
    .map(({ step }) => step);
}

/** The GUID at the end of an `OData-EntityId` (`…/EntityDefinitions(<guid>)`). */
function entityIdOf(header: string | null): string | undefined {
  return /\(([0-9a-f-]{36})\)\s*$/i.exec(header ?? '')?.[1];
}

export interface ProvisionReport {
  /** What was missing or different before. */
  problems: Problem[];
  /** The steps, done or (dry run) planned. */
  steps: string[];
  /** What provisioning cannot fix: for the operator. */
  left: Problem[];
}

export async function provisionMetadata(
  api: DataverseWebApi,
  options: MetadataOptions & { dryRun?: boolean; log?: (line: string) => void },
): Promise<ProvisionReport> {
  const solution = options.solution ?? DEFAULT_SOLUTION;
  const log = options.log ?? (() => {});
  const { problems, steps } = await checkMetadata(api, options);
  const left = problems.filter((problem) => !problem.fixable);
  const titles = steps.map((step) => step.title);
  if (options.dryRun) return { problems, steps: titles, left };
  const ids: Ids = new Map();
  for (const step of steps) {
    log(step.title);
    if (step.kind === 'changeTracking') {
      await enableChangeTracking(api, step.table, solution);
      continue;
    }
    const answer = await api.send('POST', step.path, {
      body: step.body(ids),
      headers: step.inSolution ? { 'MSCRM.SolutionUniqueName': solution } : {},
    });
    if (answer.status !== 204 && answer.status !== 201) throw refusal(answer, step.title);
    if (step.remember) {
      const id = entityIdOf(answer.headers.get('odata-entityid'));
      if (!id) throw new CrmRefused(`Dataverse gave no OData-EntityId for ${step.title}`, 500);
      ids.set(step.remember, id);
    }
  }
  return { problems, steps: titles, left };
}

/**
 * Change tracking is a property of the table's definition, which is updated whole with PUT
 * ("Update table definitions": PATCH is not supported for EntityMetadata; `MSCRM.MergeLabels`
 * keeps the labels of other languages).
 */
async function enableChangeTracking(api: DataverseWebApi, table: string, solution: string) {
  const path = `EntityDefinitions(LogicalName='${table}')`;
  const read = await api.send('GET', path);
  if (read.status !== 200) throw refusal(read, `GET ${path}`);
  const definition = { ...(read.body as Record<string, unknown>) };
  delete definition['@odata.context'];
  const put = await api.send('PUT', `EntityDefinitions(${String(definition.MetadataId)})`, {
    body: { ...definition, ChangeTrackingEnabled: true },
    headers: { 'MSCRM.MergeLabels': 'true', 'MSCRM.SolutionUniqueName': solution },
  });
  if (put.status !== 204) throw refusal(put, `turning on change tracking for ${table}`);
}
