import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The api serves `dist`: files under `/assets/` named `<name>-<hash>.<ext>` are cached for a
// year, everything else is revalidated. Files in `public/assets/` therefore live in
// subfolders (`i18n/`), never directly in `assets/`, so they are never mistaken for hashed ones.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // No `data:` URIs for fonts or images: the CSP allows files from our origin.
    assetsInlineLimit: 0,
    // `dist/.vite/manifest.json` (never served: a dot folder) feeds scripts/check-bundle-size.mjs.
    manifest: true,
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
      },
    },
  },
});
