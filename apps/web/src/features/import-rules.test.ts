// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// DEVELOPERS.md (code style): features never import each other (what they share lives in
// components/ or lib/), and the web app has no import cycles. eslint.config.js enforces both; this
// checks the rules really fire on our `.ts`/`.tsx` imports (an unresolved import would pass them
// silently).

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** Lints `code` as the content of `file`, an existing file (import/no-cycle reads the others). */
async function ruleIdsOf(code: string, file: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${file}` });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

describe('import rules of the web app', () => {
  // First: the import plugin caches the module graph of the first files it lints.
  it('refuse an import cycle', async () => {
    // profile-choices.ts imports choice-options.ts; importing it back closes the circle.
    const code = [
      "import { profileChoices } from './profile-choices.ts';",
      'export const choices = profileChoices;',
      '',
    ].join('\n');
    expect(await ruleIdsOf(code, 'features/profile/choice-options.ts')).toContain(
      'import/no-cycle',
    );
  });

  it('refuse a feature importing another feature', async () => {
    const code = [
      "import { Greeting } from '../../dashboard/components/greeting.tsx';",
      'export const greeting = Greeting;',
      '',
    ].join('\n');
    expect(await ruleIdsOf(code, 'features/profile/components/info-page.tsx')).toContain(
      'import/no-restricted-paths',
    );
  });

  it('let a feature import its own files and the shared ones', async () => {
    const code = [
      "import { PageHeader } from '../../../components/page-header.tsx';",
      "import { greetingName } from '../../../lib/format/greeting-name.ts';",
      "import { Greeting } from './greeting.tsx';",
      'export const parts = [PageHeader, greetingName, Greeting];',
      '',
    ].join('\n');
    expect(await ruleIdsOf(code, 'features/dashboard/components/shortcuts.tsx')).toEqual([]);
  });
}, 60_000);
