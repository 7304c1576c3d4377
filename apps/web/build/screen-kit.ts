// Stays under issue 42's rule although it saves nothing of the first screen: without it no kit is
// listed and 16 screens are over their 32 KB gate (measured side by side in docs/performance.md,
// “What each web build plugin saves”).
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The app and the dashboard: with the entry, the first screen. */
const FIRST_SCREEN = /\/src\/(main\.tsx|features\/dashboard\/components\/dashboard-page\.tsx)$/;

/** The `<meta>` that lists the screens' shared files; `src/app/screen-loading/prefetch-screen-kit.ts` reads it. */
export const SCREEN_KIT_META = 'pp-screen-kit';

/** A chunk and everything it imports statically. */
function withStaticImports(bundle: OutputBundle, fileName: string, seen = new Set<string>()) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') {
    for (const imported of chunk.imports) withStaticImports(bundle, imported, seen);
  }
  return seen;
}

/**
 * The screens' kit: every file that two or more lazily loaded screens import and the first
 * screen does not (zod and the schemas, the form state, Mantine's overlays and inputs, the
 * save bar…), with the stylesheets they bring. Fetched when the browser is idle once the first
 * screen is up, so that opening a screen costs only its own code (decision 0091).
 */
export function screenKitFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const firstScreen = new Set<string>();
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId ?? '';
    if ((chunk.isEntry && id.endsWith('/index.html')) || FIRST_SCREEN.test(id)) {
      withStaticImports(bundle, chunk.fileName, firstScreen);
    }
  }
  if (firstScreen.size < 3)
    throw new Error('screen-kit: the entry, the app or the dashboard moved');
  const users = new Map<string, number>();
  for (const screen of chunks) {
    if (!screen.isDynamicEntry || firstScreen.has(screen.fileName)) continue;
    for (const file of withStaticImports(bundle, screen.fileName)) {
      if (file !== screen.fileName && !firstScreen.has(file)) {
        users.set(file, (users.get(file) ?? 0) + 1);
      }
    }
  }
  const shared = [...users].filter(([, count]) => count >= 2).map(([file]) => file);
  const styles = shared.flatMap((file) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  });
  return [...shared.sort(), ...new Set(styles)].map((file) => `/${file}`);
}

/** Names the screens' kit in `index.html` (`<meta name="pp-screen-kit" content="/assets/… …">`). */
export function screenKit(): Plugin {
  return {
    name: 'pp-screen-kit',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle || !context.filename.endsWith('/index.html')) return [];
        const files = screenKitFiles(context.bundle as OutputBundle);
        return [
          {
            tag: 'meta',
            attrs: { name: SCREEN_KIT_META, content: files.join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
