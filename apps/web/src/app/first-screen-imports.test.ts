import { describe, expect, it } from 'vitest';

// The first screen's JavaScript is budgeted (scripts/check-bundle-size.mjs); forms, validation
// resolvers and date pickers must come with the screens that use them. This follows the static
// imports from the entry and the dashboard, the code loaded before the dashboard renders.
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const LAZY_ONLY = [
  'react-hook-form',
  '@hookform/resolvers',
  '@mantine/dates',
  '@mantine/form',
  'dayjs',
];
const STATIC_IMPORT =
  /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

const byPath = new Map(
  Object.entries(sources).map(([key, text]) => [
    new URL(key, import.meta.url).pathname,
    String(text),
  ]),
);
const here = (relative: string) => new URL(relative, import.meta.url).pathname;

function staticGraph(entries: string[]) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = byPath.get(file);
    if (text === undefined) throw new Error(`not found: ${file}`);
    files.add(file);
    for (const match of text.matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) packages.add(specifier);
      else if (/\.tsx?$/.test(specifier)) visit(new URL(specifier, `file://${file}`).pathname);
    }
  };
  entries.forEach((entry) => visit(here(entry)));
  return { files, packages };
}

describe('the first screen', () => {
  const { files, packages } = staticGraph([
    '../main.tsx',
    '../features/dashboard/components/dashboard-page.tsx',
  ]);

  it('is found by following the imports', () => {
    expect(files.has(here('./app.tsx'))).toBe(true);
    expect(files.has(here('./startup/run-startup.ts'))).toBe(true);
  });

  it('imports no form, validation resolver or date picker', () => {
    const lazyOnly = [...packages].filter((name) =>
      LAZY_ONLY.some((forbidden) => name === forbidden || name.startsWith(`${forbidden}/`)),
    );
    expect(lazyOnly).toEqual([]);
  });

  it('imports no other screen', () => {
    const screens = [...files].filter(
      (file) =>
        file.startsWith(here('../features/')) && !file.startsWith(here('../features/dashboard/')),
    );
    expect(screens).toEqual([]);
  });
});
