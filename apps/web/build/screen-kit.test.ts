import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { screenKitFiles } from './screen-kit.ts';

/** A bundle of chunks: each one's static imports, and what it is. */
function bundle(
  chunks: Record<
    string,
    { imports?: string[]; facade?: string; entry?: boolean; screen?: boolean; css?: string[] }
  >,
): Rollup.OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, chunk]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        imports: chunk.imports ?? [],
        facadeModuleId: chunk.facade ?? null,
        isEntry: chunk.entry ?? false,
        isDynamicEntry: chunk.screen ?? false,
        viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
      } as unknown as Rollup.OutputChunk,
    ]),
  );
}

const app = {
  'assets/index.js': { entry: true, facade: '/w/apps/web/index.html', imports: ['assets/oidc.js'] },
  'assets/oidc.js': {},
  'assets/main.js': {
    facade: '/w/apps/web/src/main.tsx',
    screen: true,
    imports: ['assets/shell.js'],
  },
  'assets/shell.js': {},
  'assets/dashboard.js': {
    facade: '/w/apps/web/src/features/dashboard/components/dashboard-page.tsx',
    screen: true,
    imports: ['assets/shell.js'],
  },
  'assets/info.js': {
    screen: true,
    imports: ['assets/shell.js', 'assets/forms.js', 'assets/calendar.js'],
  },
  'assets/practice.js': { screen: true, imports: ['assets/forms.js', 'assets/Modal.js'] },
  'assets/employees.js': { screen: true, imports: ['assets/Modal.js', 'assets/list.js'] },
  'assets/forms.js': { imports: ['assets/shell.js', 'assets/zod.js'] },
  'assets/zod.js': {},
  'assets/Modal.js': { css: ['assets/Modal.css'] },
  'assets/calendar.js': {},
  'assets/list.js': {},
};

describe('screenKitFiles', () => {
  it('lists what two or more screens import and the first screen does not, with its styles', () => {
    expect(screenKitFiles(bundle(app))).toEqual([
      '/assets/Modal.js',
      '/assets/forms.js',
      '/assets/zod.js',
      '/assets/Modal.css',
    ]);
  });

  it('refuses a bundle whose first screen it cannot find', () => {
    const { 'assets/dashboard.js': _, 'assets/main.js': __, ...rest } = app;
    expect(() => screenKitFiles(bundle(rest))).toThrow(/moved/);
  });
});
