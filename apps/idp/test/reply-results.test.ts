import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 41, finding 1: a step answered Fastify's reply, which is thenable; awaited, it gave
// `undefined`, and the sign-in went on to finish after the code page had gone out. Steps answer
// `Sent` (app/sent.ts) now, and eslint-rules/no-thenable-result.js refuses the pattern: these
// check that the rule fires on it, with the type information of the provider's own code.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIdsOf(code: string): Promise<(string | null)[]> {
  // An existing file of the provider, so the type checker resolves its imports.
  const filePath = `${root}apps/idp/src/sign-in/submit.ts`;
  const [result] = await eslint.lintText(code, { filePath });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

const HEADER = [
  "import type { FastifyReply } from 'fastify';",
  'declare function completeSignIn(reply: FastifyReply): Promise<void>;',
];

// The first lint builds the type-checked program of the provider: seconds on a quiet machine,
// more than the suite's 30 on a loaded one.
describe('a Fastify reply as a result', { timeout: 120_000 }, () => {
  it('is refused when a helper promises it and the caller awaits it', async () => {
    const code = [
      ...HEADER,
      'async function askForCode(reply: FastifyReply): Promise<FastifyReply | undefined> {',
      "  return reply.code(200).send('code page');",
      '}',
      'export async function submit(reply: FastifyReply) {',
      '  const secondStep = await askForCode(reply);',
      '  if (secondStep) return secondStep;',
      '  return completeSignIn(reply);',
      '}',
      '',
    ].join('\n');
    const rules = await ruleIdsOf(code);
    expect(rules.filter((rule) => rule === 'local/no-thenable-result')).toHaveLength(2);
  });

  it('is refused when an unannotated helper answers it and the caller awaits it', async () => {
    const code = [
      ...HEADER,
      'async function askForCode(reply: FastifyReply) {',
      "  return reply.code(200).send('code page');",
      '}',
      'export async function submit(reply: FastifyReply) {',
      '  if (await askForCode(reply)) return;',
      '  await completeSignIn(reply);',
      '}',
      '',
    ].join('\n');
    expect(await ruleIdsOf(code)).toContain('local/no-thenable-result');
  });

  it('lets a step answer its own token, and drizzle queries be awaited', async () => {
    const code = [
      "import type { FastifyReply } from 'fastify';",
      "import { sendPage } from '../../app/send-page.ts';",
      "import type { Sent } from '../../app/sent.ts';",
      "import type { IdpDb } from '../../db/database.ts';",
      "import { idpAccounts } from '../../db/schema.ts';",
      'async function askForCode(reply: FastifyReply): Promise<Sent> {',
      "  return sendPage(reply, 200, 'code page');",
      '}',
      'export async function submit(db: IdpDb, reply: FastifyReply): Promise<Sent> {',
      '  await db.select().from(idpAccounts);',
      '  return askForCode(reply);',
      '}',
      '',
    ].join('\n');
    expect(await ruleIdsOf(code)).toEqual([]);
  });
});
