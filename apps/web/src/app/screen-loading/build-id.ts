/** Written by the build beside `index.html` (`apps/web/vite.config.ts`), revalidated on every use. */
export const VERSION_PATH = '/version.json';

/** The id of the build this tab runs, from its `index.html`; undefined outside a build. */
export function ownBuildId(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="pp-build"]')?.content || undefined;
}

/** The id of the build the server serves now; undefined when it cannot be read (offline, 503). */
export async function serverBuildId(): Promise<string | undefined> {
  try {
    const response = await fetch(VERSION_PATH, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || !('buildId' in body)) return undefined;
    return typeof body.buildId === 'string' ? body.buildId : undefined;
  } catch {
    return undefined;
  }
}
