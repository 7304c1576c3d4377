import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compiledAnswers } from './build/compiled-answers.ts';
import { screenKit } from './build/screen-kit.ts';
import { shellChunk } from './build/shell-chunk.ts';

/**
 * The build's id: a hash of the names of all its files (each name carries its content's hash), so
 * the same sources give the same id on every machine. `index.html` carries it in
 * `<meta name="pp-build">`, `version.json` (served revalidated) the server's current one: a tab
 * whose screen failed to load reloads only when they differ (decision 0055).
 */
function buildId(): Plugin {
  let id: string | undefined;
  let outDir = 'dist';
  return {
    name: 'pp-build-id',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        id ??= createHash('sha256')
          .update(Object.keys(context.bundle).sort().join('\n'))
          .digest('base64url')
          .slice(0, 16);
        return [{ tag: 'meta', attrs: { name: 'pp-build', content: id }, injectTo: 'head' }];
      },
    },
    writeBundle() {
      if (id) writeFileSync(path.join(outDir, 'version.json'), JSON.stringify({ buildId: id }));
    },
  };
}

/**
 * What each chunk loads before it runs: its static imports, transitively. A dynamic import
 * needs no preload of those (the importing chunk already loaded them), so `preloadOnlyNew` below
 * leaves them out of the preload lists, which the first screen's chunk carries (decision 0012).
 */
const loadedBefore = new Map<string, Set<string>>();

function recordStaticImports(): Plugin {
  return {
    name: 'pp-static-imports',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loadedBefore.clear();
        const closure = (fileName: string, seen: Set<string>): Set<string> => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') return seen;
          for (const imported of chunk.imports) {
            if (seen.has(imported)) continue;
            seen.add(imported);
            closure(imported, seen);
          }
          return seen;
        };
        for (const fileName of Object.keys(bundle)) {
          loadedBefore.set(fileName, closure(fileName, new Set([fileName])));
        }
      },
    },
  };
}

function preloadOnlyNew(
  _filename: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
): string[] {
  if (context.hostType !== 'js') return deps;
  const loaded = loadedBefore.get(context.hostId);
  return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
}

// The api serves `dist`: files under `/assets/` named `<name>-<hash>.<ext>` are cached for a
// year, everything else is revalidated. Files in `public/assets/` therefore live in
// subfolders (`i18n/`), never directly in `assets/`, so they are never mistaken for hashed ones.
export default defineConfig({
  plugins: [
    react(),
    buildId(),
    compiledAnswers(),
    shellChunk.plugin,
    screenKit(),
    recordStaticImports(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // No `data:` URIs for fonts or images: the CSP allows files from our origin.
    assetsInlineLimit: 0,
    // `dist/.vite/manifest.json` (never served: a dot folder) feeds scripts/check-bundle-size.mjs.
    manifest: true,
    // No polyfill: modulepreload is in every current browser (Chrome 66, Firefox 115, Safari 17).
    modulePreload: { polyfill: false, resolveDependencies: preloadOnlyNew },
    rolldownOptions: {
      // The silent-callback page runs in a hidden frame and gets its own small bundle.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        'silent-callback': fileURLToPath(new URL('silent-callback.html', import.meta.url)),
      },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: { groups: [shellChunk.group, shellChunk.formsGroup] },
      },
    },
  },
});
