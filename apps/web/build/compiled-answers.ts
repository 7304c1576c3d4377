// Stays by issue 42's rule: it saves 27.3 KB of the first screen (measured side by side in
// docs/performance.md, “What each web build plugin saves”).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { z } from 'zod';
import { calls, ProblemSchema } from '../../../packages/contract/src/index.ts';
import {
  ANSWER_KEYWORDS,
  FORMAT_PATTERNS,
  type AnswerJsonSchema,
} from '../src/lib/api/answer-schema.ts';

/** One file of the contract's call declarations (not their index). */
const CALL_MODULE = /packages\/contract\/src\/calls\/(?!index\.ts$)[^/]+\.ts$/;
/** `export const customerGetCustomerData = defineCall({` */
const CALL_EXPORT = /^export const (\w+) = defineCall\(/gm;
const ANY_EXPORT = /^export\b/gm;

/** The web's check of a refusal's body, which stands for the contract's `ProblemSchema`. */
const PROBLEM_ANSWER_MODULE = /apps\/web\/src\/lib\/api\/problem-answer\.ts$/;

/** `answer-schema.ts` as the call files (`packages/contract/src/calls/`) name it. */
const ANSWER_SCHEMA_FROM_CALLS = '../../../../apps/web/src/lib/api/answer-schema.ts';

type Call = (typeof calls)[keyof typeof calls];

/** Keywords that describe and do not check: left out of the browser's copy. */
const PROSE = new Set(['$schema', 'description', 'title', 'examples']);

/**
 * The schema without its prose and what the browser's check does anyway: `additionalProperties:
 * false` (it leaves unknown properties out) and zod's pattern of a format it knows by name.
 * Throws on a keyword or format the check does not know.
 */
function checkedKeywords(schema: unknown, where: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => checkedKeywords(item, where));
  if (schema === null || typeof schema !== 'object') return schema;
  const { format, pattern } = schema as { format?: unknown; pattern?: unknown };
  if (typeof format === 'string' && !(format in FORMAT_PATTERNS) && pattern === undefined) {
    throw new Error(`${where}: the format "${format}" has no pattern the browser could check`);
  }
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (PROSE.has(keyword)) continue;
    if (keyword === 'additionalProperties' && value === false) continue;
    if (keyword === 'pattern' && typeof format === 'string' && FORMAT_PATTERNS[format] === value) {
      continue;
    }
    if (!ANSWER_KEYWORDS.has(keyword)) {
      throw new Error(
        `${where}: the answer's JSON Schema uses "${keyword}", which apps/web/src/lib/api/answer-schema.ts does not check`,
      );
    }
    if (keyword === 'properties' || keyword === '$defs') {
      out[keyword] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, item]) => [
          name,
          checkedKeywords(item, `${where}.${name}`),
        ]),
      );
    } else if (keyword === 'const' || keyword === 'enum' || keyword === 'required') {
      out[keyword] = value;
    } else {
      out[keyword] = checkedKeywords(value, where);
    }
  }
  return out;
}

/** A call's answer as the JSON Schema the browser checks it against. */
export function answerJsonSchema(name: string, call: { response: z.ZodType }): AnswerJsonSchema {
  const json = z.toJSONSchema(call.response, { io: 'output' });
  return checkedKeywords(json, name) as AnswerJsonSchema;
}

/**
 * The browser's copy of one file of call declarations: each call's method, path and access, what
 * it produces, and its answer's check compiled from the response schema (decision 0091). The zod
 * schemas of request and answer stay on the api's side; forms import theirs from the contract.
 */
export function compiledCallModule(source: string, file: string): string {
  const names = [...source.matchAll(CALL_EXPORT)].map((match) => match[1]!);
  const exports = source.match(ANY_EXPORT)?.length ?? 0;
  if (names.length === 0 || names.length !== exports) {
    throw new Error(`${file}: exports something else than calls: review compiled-answers.ts`);
  }
  const lines = [`import { answerSchema } from ${JSON.stringify(ANSWER_SCHEMA_FROM_CALLS)};`];
  for (const name of names) {
    const call = (calls as Record<string, Call | undefined>)[name];
    if (!call) throw new Error(`${file}: ${name} is not among the contract's calls`);
    const browserCall = {
      method: call.method,
      path: call.path,
      // The app reads whether a call works on a practice's data (second factors, decision 0069).
      access: call.access,
      ...('produces' in call && call.produces ? { produces: call.produces } : {}),
    };
    lines.push(
      `export const ${name} = { ...${JSON.stringify(browserCall)}, response: answerSchema(${JSON.stringify(answerJsonSchema(name, call))}) };`,
    );
  }
  return lines.join('\n');
}

/**
 * The contract's calls in the browser build: method, path and a compiled check of the answer
 * instead of the zod schemas, and the problem details' check likewise, so zod leaves the first
 * screen (decision 0091).
 */
export function compiledAnswers(): Plugin {
  return {
    name: 'pp-compiled-answers',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      const slashed = file.split(path.sep).join('/');
      if (PROBLEM_ANSWER_MODULE.test(slashed)) {
        const json = JSON.stringify(answerJsonSchema('ProblemSchema', { response: ProblemSchema }));
        return {
          code: `import { answerSchema } from './answer-schema.ts';\nexport const problemAnswer = answerSchema(${json});`,
          map: null,
        };
      }
      if (!CALL_MODULE.test(slashed)) return undefined;
      return { code: compiledCallModule(readFileSync(file, 'utf8'), file), map: null };
    },
  };
}
