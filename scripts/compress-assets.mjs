// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of a build folder, so
// that the server sends them as they are (@fastify/static `preCompressed`, issue 13) instead of
// compressing on every request. Usage: node scripts/compress-assets.mjs <folder>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files whose copies pay off: text, and larger than one network packet's worth of headers. */
const TEXT = /\.(?:js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

export function compressFolder(folder) {
  const written = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(folder, file);
    // Dot folders (`.vite`) are never served.
    if (!entry.isFile() || relative.split(path.sep).some((part) => part.startsWith('.'))) continue;
    if (!TEXT.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const copies = {
      br: brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz: gzipSync(content, { level: 9 }),
    };
    for (const [extension, compressed] of Object.entries(copies)) {
      if (compressed.length >= content.length) continue;
      writeFileSync(`${file}.${extension}`, compressed);
      written.push(`${relative}.${extension}`);
    }
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node scripts/compress-assets.mjs <folder>');
    process.exit(2);
  }
  const written = compressFolder(path.resolve(folder));
  console.log(`compressed copies written: ${written.length} (brotli and gzip)`);
}
