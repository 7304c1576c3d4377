import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { requests, server } from './portal-server.ts';
import {
  checkGuards,
  guardConsole,
  recordUnhandledRequest,
  restoreConsole,
} from './test-guards.ts';

// The `web` project's setup (vitest.config.ts): one MSW server with the portal's handlers for
// every test file, a clean page, storage and request log for every test, and the guards.

beforeAll(() => server.listen({ onUnhandledRequest: recordUnhandledRequest }));
beforeEach(() => guardConsole());
afterEach(() => {
  try {
    cleanup();
    checkGuards();
  } finally {
    restoreConsole();
    server.resetHandlers();
    requests.length = 0;
    if (typeof window !== 'undefined') {
      window.localStorage.clear();
      window.sessionStorage.clear();
    }
  }
});
afterAll(() => server.close());
