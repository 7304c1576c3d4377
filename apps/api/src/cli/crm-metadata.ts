import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { loadMapping } from '../crm-sync/dataverse/mapping.ts';
import {
  checkMetadata,
  DEFAULT_SOLUTION,
  provisionMetadata,
} from '../crm-sync/dataverse/provision/provision.ts';
import { clientCredentialsTokens } from '../crm-sync/dataverse/token.ts';
import { DataverseWebApi } from '../crm-sync/dataverse/web-api.ts';

// `npm run crm:check` and `npm run crm:provision [-- --dry-run] [-- --solution Name]`, with the
// portal's own settings (CRM_PROVIDER=dataverse, DATAVERSE_*): what the mapping needs in the
// environment, what is missing, and creating it (README, "Dataverse").

const USAGE = `Usage: crm-metadata.ts check [--solution Name]
       crm-metadata.ts provision [--dry-run] [--solution Name]`;

export async function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  write: (line: string) => void,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      solution: { type: 'string', default: DEFAULT_SOLUTION },
    },
  });
  const command = positionals[0];
  if (command !== 'check' && command !== 'provision') {
    write(USAGE);
    return 2;
  }
  let crm;
  try {
    crm = loadConfig(env).crm;
  } catch (error) {
    write(error instanceof ConfigError ? error.message : String(error));
    return 2;
  }
  if (crm.provider !== 'dataverse') {
    write(
      'CRM_PROVIDER is not dataverse: there is no CRM to check (set the DATAVERSE_* settings).',
    );
    return 2;
  }
  const mapping = loadMapping(crm.mappingFile);
  const api = new DataverseWebApi(
    crm.url,
    clientCredentialsTokens({ ...crm, scope: `${crm.url}/.default` }),
    60_000,
  );
  const solution = values.solution;
  const where = `Dataverse ${crm.url}`;

  if (command === 'check') {
    const { problems } = await checkMetadata(api, { mapping, solution });
    if (problems.length === 0) {
      write(
        `${where}: every table, column, option set, lookup and change tracking the mapping needs is there.`,
      );
      return 0;
    }
    write(`${where}: ${problems.length} missing or different:`);
    for (const problem of problems) {
      write(`  - ${problem.message}${problem.fixable ? '' : '  [not fixed by crm:provision]'}`);
    }
    if (problems.some((problem) => problem.fixable)) {
      write('Run `npm run crm:provision -- --dry-run` to see what crm:provision would create.');
    }
    return 1;
  }

  const dryRun = values['dry-run'];
  if (!dryRun) write(`${where}: provisioning into solution ${solution}`);
  const report = await provisionMetadata(api, {
    mapping,
    solution,
    dryRun,
    log: (line) => write(`  - ${line}`),
  });
  if (dryRun) {
    write(
      report.steps.length === 0
        ? `${where}: nothing to create (dry run).`
        : `${where}: ${report.steps.length} steps into solution ${solution} (dry run, nothing changed):`,
    );
    report.steps.forEach((step, index) => write(`  ${index + 1}. ${step}`));
  } else {
    write(report.steps.length === 0 ? 'Nothing to create.' : `Done: ${report.steps.length} steps.`);
  }
  if (report.left.length > 0) {
    write('Left for the operator (crm:provision does not change existing definitions):');
    for (const problem of report.left) write(`  - ${problem.message}`);
    return 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
