import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { configurationReference } from '../apps/api/src/config/reference.ts';

// `npm run docs:config`: writes docs/configuration.md from the settings' descriptions in
// apps/api/src/config/. apps/api/test/config/configuration-doc.test.ts fails when it is stale.

export const CONFIGURATION_DOC = fileURLToPath(
  new URL('../docs/configuration.md', import.meta.url),
);

/** The file as the settings describe it, formatted as `prettier --check` wants it. */
export async function configurationDoc(): Promise<string> {
  const options = await resolveConfig(CONFIGURATION_DOC);
  return format(configurationReference(), { ...options, filepath: CONFIGURATION_DOC });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeFile(CONFIGURATION_DOC, await configurationDoc());
  console.log(`wrote ${path.relative(process.cwd(), CONFIGURATION_DOC)}`);
}
