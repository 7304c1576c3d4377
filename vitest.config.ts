import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Mantine's focus trap finds no focusable element in the web tests' happy-dom, which lays
    // nothing out, and warns with the whole DOM node: 5,000 lines each time, 90,000 in a run.
    // Focus in dialogs and menus is checked in Chromium (e2e/specs, keyboard journeys).
    onConsoleLog: (log) => !log.includes('[@mantine/hooks/use-focus-trap]'),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'apps/api/test/**/*.test.ts',
            'apps/idp/test/**/*.test.ts',
            'packages/database/test/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['apps/api/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A PGlite instance needs several hundred MiB: one worker per core.
          pool: 'forks',
          maxWorkers: 2,
          // The test files of a worker share one module graph: importing the api, the provider
          // and their libraries once per worker instead of once per file halves the suite's time
          // (decision 0048). Each file still builds its own app on its own database copy; no test
          // may keep state in a module (no `vi.mock`, no module-level fixtures).
          isolate: false,
        },
      },
      {
        test: {
          name: 'dataverse-stand-in',
          include: ['apps/dataverse-stand-in/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'happy-dom',
          // A hang guard, not a speed claim: a test that types and clicks through Mantine's pickers
          // takes 1–3 s on a quiet 2-core machine and went past the default 5 s on a loaded one.
          testTimeout: 15_000,
          // One MSW server for all web tests, and a test fails on an error log or unhandled request.
          setupFiles: ['apps/web/src/testing/setup-test-env.ts'],
        },
      },
    ],
  },
});
