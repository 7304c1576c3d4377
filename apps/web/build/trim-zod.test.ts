import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimClassicSchemas } from './trim-zod.ts';

// The zod the web build bundles, as the build reads it.
const zodPackage = createRequire(import.meta.url).resolve('zod/package.json');
const classicSchemas = readFileSync(
  path.join(path.dirname(zodPackage), 'v4/classic/schemas.js'),
  'utf8',
);

describe('trimClassicSchemas', () => {
  const trimmed = trimClassicSchemas(classicSchemas);

  it("removes every schema's JSON Schema wiring and both converters' imports", () => {
    expect(trimmed).not.toMatch(/processJSONSchema/);
    expect(trimmed).not.toMatch(/from "\.\.\/core\/to-json-schema\.js"/);
    expect(trimmed).not.toMatch(/import \* as processors/);
  });

  it('keeps the checks the schemas read and everything else', () => {
    expect(trimmed).toMatch(
      /import \{ aggregateChecks \} from "\.\.\/core\/json-schema-processors\.js"/,
    );
    const count = (pattern: RegExp, source: string) => source.match(pattern)?.length ?? 0;
    expect(count(/core\.\$constructor\(/g, trimmed)).toBe(
      count(/core\.\$constructor\(/g, classicSchemas),
    );
    expect(count(/safeParse/g, trimmed)).toBe(count(/safeParse/g, classicSchemas));
  });

  it('refuses a zod whose source it does not know', () => {
    expect(() => trimClassicSchemas('export const ZodType = {};')).toThrow(/review/);
  });
});
