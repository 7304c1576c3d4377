import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 42: a route reads its declared access, a store of its area (apps/api/src/lib/<area>/)
// and the answer; eslint.config.js refuses Drizzle and the schema in apps/api/src/routes/**.
// These check that the rule fires on every form of such an import, and leaves the stores alone.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** Lints `code` as the content of `file`, an existing file, so the type checker knows it. */
async function ruleIdsOf(code: string, file: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/api/src/${file}` });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

const ROUTE = 'routes/company/get-company.ts';

describe('imports of a route', () => {
  it.each([
    ["import { eq } from 'drizzle-orm';", 'export const equal = eq;'],
    ["import { alias } from 'drizzle-orm/pg-core';", 'export const aliased = alias;'],
    ["import { companies } from '../../db/schema.ts';", 'export const table = companies;'],
    [
      "import { companies } from '../../db/schema/practices.ts';",
      'export const table = companies;',
    ],
    [
      "import type { companies } from '../../db/schema.ts';",
      'export type Table = typeof companies;',
    ],
  ])('refuse %s', async (...code) => {
    expect(await ruleIdsOf([...code, ''].join('\n'), ROUTE)).toContain('no-restricted-imports');
  });

  it('let a route call its store', async () => {
    const route = await readFile(`${root}apps/api/src/${ROUTE}`, 'utf8');
    expect(route).toContain('practice-store.ts');
    expect(await ruleIdsOf(route, ROUTE)).toEqual([]);
  });

  it('let a store use Drizzle and the schema', async () => {
    const file = 'lib/practices/practice-store.ts';
    const store = await readFile(`${root}apps/api/src/${file}`, 'utf8');
    expect(store).toContain("from '../../db/schema.ts'");
    expect(await ruleIdsOf(store, file)).toEqual([]);
  });
}, 60_000);
