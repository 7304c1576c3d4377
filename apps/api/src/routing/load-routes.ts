import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isRoute, type Route } from './route.ts';

/** The calls of the specification's areas, one folder per area, one file per call. */
export const API_ROUTES = fileURLToPath(new URL('../routes', import.meta.url));
/** The `ATest/*` calls, registered only with ENABLE_TEST_ENDPOINTS. */
export const TEST_ENDPOINT_ROUTES = fileURLToPath(
  new URL('../non-api-routes/test-endpoints', import.meta.url),
);

const isRouteFile = (name: string) => /\.ts$/.test(name) && !/\.(d|test)\.ts$/.test(name);

/**
 * Every route below `folder`: each file's default export is one {@link Route}. A file without
 * one stops the start, so a call cannot be half-added.
 */
export async function loadRoutes(folder: string): Promise<Route[]> {
  const files = (await readdir(folder, { recursive: true })).filter(isRouteFile).sort();
  return Promise.all(
    files.map(async (file) => {
      const module: { default?: unknown } = await import(
        pathToFileURL(path.join(folder, file)).href
      );
      if (!isRoute(module.default)) {
        throw new Error(`${path.join(folder, file)} does not export a route (defineRoute)`);
      }
      return module.default;
    }),
  );
}
