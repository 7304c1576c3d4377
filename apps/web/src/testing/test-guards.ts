// A test fails when it logs an error or meets a request no handler answers, even when the app
// catches the failed fetch (MSW's `onUnhandledRequest: 'error'` alone does not fail the test).
// A test that expects an error log installs its own `vi.spyOn(console, 'error')`.

const problems: string[] = [];
const originalConsoleError = console.error;

const describeValue = (value: unknown) =>
  value instanceof Error ? `${value.name}: ${value.message}` : String(value);

/** For MSW's `onUnhandledRequest`: remembers the request, and fails it as a network error. */
export function recordUnhandledRequest(request: Request): never {
  problems.push(`unhandled request: ${request.method} ${request.url}`);
  throw new Error(`no handler for ${request.method} ${request.url}`);
}

/** Until {@link restoreConsole}, every `console.error` is remembered (and still printed). */
export function guardConsole(): void {
  console.error = (...args: unknown[]) => {
    problems.push(`console.error: ${args.map(describeValue).join(' ')}`);
    originalConsoleError(...args);
  };
}

export function restoreConsole(): void {
  console.error = originalConsoleError;
}

/** Throws (failing the test) when anything was remembered since the last check, and forgets it. */
export function checkGuards(): void {
  const found = problems.splice(0);
  if (found.length > 0) {
    throw new Error(`The test left ${found.length} problem(s):\n${found.join('\n')}`);
  }
}
