import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** A built web app in miniature, shaped like `vite build` output of `apps/web`. */
export const FIXTURE = {
  indexHtml:
    '<!doctype html><html lang="de"><head><script type="module" src="/assets/index-AbCd1234.js"></script>' +
    '<link rel="stylesheet" href="/assets/index-Ef_h-678.css"></head><body><div id="root"></div></body></html>',
  script: '/assets/index-AbCd1234.js',
  scriptText: 'document.body.dataset.ready = "yes";',
  stylesheet: '/assets/index-Ef_h-678.css',
  translations: {
    de: { APP: { NAME: 'Praxisportal' } },
    en: { APP: { NAME: 'Practice Portal' } },
  },
  versionJson: '{"buildId":"fixture-build"}',
  silentCallbackHtml:
    '<!doctype html><title>Praxisportal</title><script src="/silent-callback.js"></script>',
} as const;

export interface WebFixture {
  /** The folder to serve (`dist`). */
  root: string;
  /** A file beside `root`, which must never be reachable over HTTP. */
  outsideFile: string;
  remove(): void;
}

/** Written synchronously so that `useApi({ web: { root } })` can take the folder at collection time. */
export function createWebFixture(): WebFixture {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'pp-web-'));
  const root = path.join(parent, 'dist');
  const write = (relative: string, content: string | Buffer) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  write('index.html', FIXTURE.indexHtml);
  write(FIXTURE.script, FIXTURE.scriptText);
  // The build's compressed copies (scripts/compress-assets.mjs), of the script only.
  write(`${FIXTURE.script}.br`, brotliCompressSync(FIXTURE.scriptText));
  write(`${FIXTURE.script}.gz`, gzipSync(FIXTURE.scriptText));
  write(FIXTURE.stylesheet, 'body { margin: 0; }');
  write('assets/i18n/de.json', JSON.stringify(FIXTURE.translations.de));
  write('assets/i18n/en.json', JSON.stringify(FIXTURE.translations.en));
  write('version.json', FIXTURE.versionJson);
  write('silent-callback.html', FIXTURE.silentCallbackHtml);
  write('silent-callback.js', '// silent renew');
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const outsideFile = path.join(parent, 'secret.txt');
  writeFileSync(outsideFile, 'not for the web');
  return { root, outsideFile, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
