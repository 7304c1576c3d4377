import { describe, expect, it } from 'vitest';

// The first visit is budgeted at 30 KB (scripts/check-bundle-size.mjs, decision 0034): the entry
// settles the session with oidc-client-ts alone and loads the app on demand. This follows its
// static imports, what the browser loads before it can redirect to the sign-in page.
const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const STATIC_IMPORT =
  /^\s*import\s(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function staticGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = sources[file];
    if (text === undefined) throw new Error(`not found: ${file}`);
    files.add(file);
    for (const match of String(text).matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) packages.add(specifier);
      else if (/\.tsx?$/.test(specifier))
        visit(new URL(specifier, `file:///${file.slice(2)}`).pathname.replace(/^\//, './'));
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the light entry', () => {
  const { files, packages } = staticGraph('./entry.ts');

  it('is found by following the imports', () => {
    expect(files).toContain('./lib/auth/auth-session.ts');
    expect(files).toContain('./lib/auth/token-renewal.ts');
  });

  it('imports no package but the session library', () => {
    expect([...packages]).toEqual(['oidc-client-ts']);
  });

  it('reaches the app only on demand', () => {
    expect(files).not.toContain('./main.tsx');
    expect(String(sources['./entry.ts'])).toMatch(/import\(['"]\.\/main\.tsx['"]\)/);
  });
});
