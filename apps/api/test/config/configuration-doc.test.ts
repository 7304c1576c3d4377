import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOC, configurationDoc } from '../../../../scripts/docs-config.ts';
import { EnvSchema, SETTINGS_AREAS } from '../../src/config/environment.ts';

// docs/configuration.md is written from the settings' descriptions in apps/api/src/config/
// (issue 42): a setting added, changed or described anew there without the file written again
// fails here.

const settings = SETTINGS_AREAS.flatMap((area) => Object.entries(area.settings));

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes', async () => {
    const written = await readFile(CONFIGURATION_DOC, 'utf8').catch(() => '');
    expect(written, 'docs/configuration.md is stale: run `npm run docs:config`').toBe(
      await configurationDoc(),
    );
  });

  it('describes every variable the start checks, each in one area', () => {
    const names = settings.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });

  it.each(settings)('describes %s in a sentence or two', (_name, setting) => {
    expect(setting.description).toMatch(/\.$/);
    expect(setting.description.length).toBeLessThanOrEqual(400);
  });
});
