// Stays under issue 42's rule although it saves nothing of the first screen: without it the
// screens' kit is 4.8 KB larger, over its gate; it goes once the contract uses zod/mini (measured
// side by side in docs/performance.md, “What each web build plugin saves”).
import type { Plugin } from 'vite';

/** Zod's classic schemas module, which wires every schema type to its JSON Schema converter. */
const CLASSIC_SCHEMAS = /\/zod\/v4\/classic\/schemas\.js$/;

const PROCESSORS_IMPORT = 'import * as processors from "../core/json-schema-processors.js";';
const CONVERTERS_IMPORT =
  'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';
/** `inst._zod.processJSONSchema = (ctx, json, params) => processors.stringProcessor(…);` */
const PROCESSOR_WIRING =
  /^\s*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+\(inst, ctx, json, params\);\n/gm;

/**
 * Zod's classic schemas without their conversion to JSON Schema: the browser checks values and
 * never asks a schema for its JSON Schema (the api's OpenAPI document does, from its own copy).
 * Throws when zod's source no longer has the shape this expects, so an upgrade cannot silently
 * keep or break the converters.
 */
export function trimClassicSchemas(source: string): string {
  const wirings = source.match(PROCESSOR_WIRING)?.length ?? 0;
  if (!source.includes(PROCESSORS_IMPORT) || !source.includes(CONVERTERS_IMPORT) || wirings < 30) {
    throw new Error('zod/v4/classic/schemas.js changed: review apps/web/build/trim-zod.ts');
  }
  return source
    .replace(
      PROCESSORS_IMPORT,
      // The schemas' `minLength`, `format` and like getters read the checks through this one.
      'import { aggregateChecks } from "../core/json-schema-processors.js";\nconst processors = { aggregateChecks };',
    )
    .replace(
      CONVERTERS_IMPORT,
      'const createStandardJSONSchemaMethod = () => () => { throw new Error("No JSON Schema in the browser build"); };\nconst createToJSONSchemaMethod = createStandardJSONSchemaMethod;',
    )
    .replace(PROCESSOR_WIRING, '');
}

/** Leaves zod's JSON Schema converters out of the browser bundle (decision 0085). */
export function trimZod(): Plugin {
  return {
    name: 'pp-trim-zod',
    apply: 'build',
    transform(code, id) {
      return CLASSIC_SCHEMAS.test(id) ? { code: trimClassicSchemas(code), map: null } : undefined;
    },
  };
}
