import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // One MSW server for all web tests, and a test fails on an error log or unhandled request.
          setupFiles: ['apps/web/src/app/testing/setup-test-env.ts'],
        },
      },
    ],
  },
});
