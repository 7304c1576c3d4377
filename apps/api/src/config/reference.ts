import { SETTINGS_AREAS } from './environment.ts';
import type { Setting, SettingsArea } from './setting.ts';

// docs/configuration.md, the operator's reference of every setting, as the settings of
// `config/<area>.ts` describe themselves. `npm run docs:config` (scripts/docs-config.ts) writes it,
// and apps/api/test/config/configuration-doc.test.ts fails when the file is stale.

const HEADER = `# Configuration

<!-- Written by \`npm run docs:config\` from apps/api/src/config/ (each setting's description
stands beside its schema there): change it there, then run the script. -->

Every setting is an environment variable, checked at start: a wrong value stops the start with a
message that names the variable (never its value). An empty variable counts as unset.`;

function item(name: string, setting: Setting): string {
  const shown = setting.default === undefined ? 'unset' : `default: ${setting.default}`;
  return `- **\`${name}\`** (${shown}) — ${setting.description}`;
}

function section(area: SettingsArea): string {
  const items = Object.entries(area.settings).map(([name, setting]) => item(name, setting));
  return [`## ${area.title}`, area.about, items.join('\n')].join('\n\n');
}

/** The reference in Markdown, before Prettier's formatting. */
export function configurationReference(): string {
  return [HEADER, ...SETTINGS_AREAS.map(section)].join('\n\n') + '\n';
}
