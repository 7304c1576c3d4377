// Stays by issue 42's rule: it saves 8.7 KB of the first screen (measured side by side in
// docs/performance.md, “What each web build plugin saves”).
import path from 'node:path';
import type { Plugin } from 'vite';

/** The app and the dashboard: both load before the dashboard renders. */
const SCREENS = /\/src\/(main\.tsx|features\/dashboard\/components\/dashboard-page\.tsx)$/;
/** `import { a, b as c } from "x";` and `export { a, b as c } from "x";` */
const NAMED_FROM = /\b(import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** `export * from "x";` */
const STAR_FROM = /\bexport\s*\*\s*from\s*["']([^"']+)["']/g;
/** `export * as calls from "./calls/index.ts";` */
const NAMESPACE_FROM = /\bexport\s*\*\s*as\s+(\w+)\s*from\s*["']([^"']+)["']/g;
/** `import * as z from "./v4/classic/external.js";` (exported further down) */
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+(\w+)\s*from\s*["']([^"']+)["']/g;
/** `export { a, b as c };` */
const LOCAL_EXPORTS = /\bexport\s*\{([^}]*)\}\s*;?(?!\s*from)/g;
/** One import or re-export statement at the start of the text. */
const STATEMENT =
  /^\s*(?:import\s*(?:\{[^}]*\}|\*\s*as\s+\w+|\w+)?\s*(?:from\s*)?["'][^"']+["']|export\s*(?:\*(?:\s*as\s+\w+)?|\{[^}]*\})\s*(?:from\s*["'][^"']+["'])?)\s*;?/;

export interface ModuleView {
  code: string | null;
  importedIds: readonly string[];
  exports: readonly string[];
}

/** Which exports of a module are used: the named ones (`calls.x` for a namespace's member), or all. */
type Wanted = Set<string> | 'all';

/** `a, b as c` → [[a, a], [b, c]]: each name and the name it is given. */
function names(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [from = part, to = from] = part.split(/\s+as\s+/);
      return [from, to];
    });
}

/** Code made only of imports and re-exports, like `@mantine/core`'s or the contract's index. */
export function isBarrel(code: string): boolean {
  let rest = code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  for (let match = STATEMENT.exec(rest); match; match = STATEMENT.exec(rest)) {
    rest = rest.slice(match[0].length);
  }
  return rest.trim() === '' && code.includes('export');
}

/**
 * The modules reached by following the static imports from `starts`. Through a barrel module an
 * import follows only the names it takes (a barrel lists every component of a library; the app
 * uses a few), and `calls.companyGetCompany` of an imported namespace only that member.
 */
export function staticModules(
  starts: string[],
  info: (id: string) => ModuleView | null,
): Set<string> {
  const seen = new Set<string>();
  const barrels = new Map<string, boolean>();
  const barrel = (id: string) => {
    if (!barrels.has(id)) {
      const code = info(id)?.code;
      barrels.set(id, code != null && isBarrel(code));
    }
    return barrels.get(id) === true;
  };
  /** The module that `specifier` names among `importer`'s imports. */
  const resolve = (importer: string, specifier: string) => {
    const ids = info(importer)?.importedIds ?? [];
    if (!specifier.startsWith('.')) {
      // A library in node_modules, or one of the workspace's packages (`@pp/contract`).
      const folder = specifier.replace(/^@pp\//, 'packages/');
      return ids.find(
        (id) => id.includes(`/node_modules/${specifier}/`) || id.includes(`/${folder}/`),
      );
    }
    const target = path.resolve(path.dirname(importer), specifier);
    return ids.find((id) => id === target || id.startsWith(`${target}.`));
  };
  const pending: [string, Wanted][] = starts.map((id) => [id, 'all']);

  /** Follows the `wanted` exports of a barrel to the modules behind them. */
  function throughBarrel(id: string, wanted: Wanted) {
    seen.add(id);
    const code = info(id)?.code ?? '';
    if (wanted === 'all') {
      for (const imported of info(id)?.importedIds ?? []) pending.push([imported, 'all']);
      return;
    }
    const exportedAs = new Map<string, string>(); // local name → exported name
    for (const match of code.matchAll(LOCAL_EXPORTS)) {
      for (const [local, name] of names(match[1] ?? '')) exportedAs.set(local, name);
    }
    const follow = (specifier: string, there: Wanted) => {
      const target = resolve(id, specifier);
      if (target && (there === 'all' || there.size > 0)) pending.push([target, there]);
    };
    for (const [, kind, list = '', specifier = ''] of code.matchAll(NAMED_FROM)) {
      const there = new Set<string>();
      for (const [from, to] of names(list)) {
        const outer = kind === 'export' ? to : exportedAs.get(to);
        if (outer !== undefined && wanted.has(outer)) there.add(from);
      }
      follow(specifier, there);
    }
    const namespaces = [
      ...[...code.matchAll(NAMESPACE_FROM)].map(([, name = '', specifier = '']) => ({
        name,
        specifier,
      })),
      ...[...code.matchAll(NAMESPACE_IMPORT)].map(([, local = '', specifier = '']) => ({
        name: exportedAs.get(local) ?? '',
        specifier,
      })),
    ];
    for (const { name, specifier } of namespaces) {
      if (!name) continue;
      if (wanted.has(name)) follow(specifier, 'all');
      const members = [...wanted].filter((member) => member.startsWith(`${name}.`));
      follow(specifier, new Set(members.map((member) => member.slice(name.length + 1))));
    }
    for (const [, specifier = ''] of code.matchAll(STAR_FROM)) {
      const exports = new Set(info(resolve(id, specifier) ?? '')?.exports ?? []);
      follow(specifier, new Set([...wanted].filter((name) => exports.has(name))));
    }
  }

  /** What a module takes from each barrel it imports. */
  function takenFromBarrels(id: string, code: string) {
    const taken = new Map<string, Set<string>>();
    for (const [, kind, list = '', specifier = ''] of code.matchAll(NAMED_FROM)) {
      const target = resolve(id, specifier);
      if (kind !== 'import' || !target || !barrel(target)) continue;
      const names_ = taken.get(target) ?? new Set<string>();
      taken.set(target, names_);
      for (const [from, local] of names(list)) {
        const members = [...code.matchAll(new RegExp(`\\b${local}\\.(\\w+)`, 'g'))];
        // The import names it once; any use other than `local.member` needs all of it.
        const uses = code.match(new RegExp(`\\b${local}\\b(?!\\s*[.:])`, 'g'))?.length ?? 0;
        if (members.length > 0 && uses <= 1) {
          for (const [, member] of members) names_.add(`${from}.${member}`);
        } else names_.add(from);
      }
    }
    return taken;
  }

  for (let next = pending.pop(); next; next = pending.pop()) {
    const [id, wanted] = next;
    if (barrel(id)) {
      throughBarrel(id, wanted);
      continue;
    }
    if (seen.has(id)) continue;
    seen.add(id);
    const view = info(id);
    const taken = takenFromBarrels(id, view?.code ?? '');
    for (const imported of view?.importedIds ?? []) {
      pending.push([imported, taken.get(imported) ?? 'all']);
    }
  }
  return seen;
}

/**
 * One chunk (`shell`) for the modules the app and the dashboard load that the entry does not:
 * gzip compresses one file better than the twenty-odd small chunks Rolldown splits them into
 * (each shared with some lazy screens), and the modules need no imports and exports between
 * chunks (decision 0085). The two screens keep their own chunks. Only modules found through the
 * names actually imported go in, so nothing a lazy screen alone uses comes onto the first screen.
 */
function createShellChunk() {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'pp-shell-chunk',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const screens = ids.filter((id) => SCREENS.test(id));
      if (screens.length !== 2) throw new Error('pp-shell-chunk: main.tsx or the dashboard moved');
      const loadedByEntry = staticModules(
        ids.filter((id) => info(id)?.isEntry),
        info,
      );
      for (const id of staticModules(screens, info)) {
        if (!loadedByEntry.has(id) && !screens.includes(id)) modules.add(id);
      }
    },
  };
  return {
    plugin,
    group: {
      name: 'shell',
      test: (id: string) => modules.has(id),
      // Only the modules found above: the entry's own (oidc-client-ts) stay with the entry.
      includeDependenciesRecursively: false,
      priority: 2,
    },
    /**
     * zod and the contract's schemas, which the forms of the other screens check with: one
     * chunk, fetched once the first screen is up (`prefetchForms`, decision 0091).
     */
    formsGroup: {
      name: 'forms',
      test: (id: string) =>
        !modules.has(id) && /\/node_modules\/zod\/|\/packages\/contract\/src\//.test(id),
      includeDependenciesRecursively: false,
      priority: 1,
    },
  };
}

export const shellChunk = createShellChunk();
