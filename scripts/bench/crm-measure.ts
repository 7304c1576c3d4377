// What `npm run bench:crm` measures in the portal's process: its requests to Dataverse by kind
// (counted around `fetch`), and its memory, sampled while the import reads the contacts.

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const mib = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;

/** The kind of a request of the Dataverse client, by its method and URL. */
function kindOf(method: string, url: URL): string {
  if (url.pathname.endsWith('/oauth2/v2.0/token')) return 'token';
  if (method !== 'GET') return `${method} (write)`;
  const set = url.pathname.split('/').pop() ?? '';
  if (set.startsWith('GlobalOptionSetDefinitions')) return 'option sets';
  const filter = url.searchParams.get('$filter') ?? '';
  if (filter.includes('Microsoft.Dynamics.CRM.In(')) return `by key ${set}`;
  if (url.searchParams.has('$deltatoken')) return `changes ${set}`;
  return `full read ${set}`;
}

/** Counts the process's requests by kind from now on. */
export function countRequests() {
  const counts = new Map<string, number>();
  const state = { contactPages: 0 };
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const kind = kindOf(init?.method ?? 'GET', url);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    if (kind === 'full read contacts') state.contactPages++;
    return original(input, init);
  };
  return {
    get contactPages() {
      return state.contactPages;
    },
    reset() {
      counts.clear();
    },
    report() {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const parts = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
      return `${total} (${parts.map(([kind, n]) => `${kind} ${n}`).join(', ')})`;
    },
  };
}

interface Sample {
  progress: number;
  rss: number;
  heap: number;
}

/** Samples RSS and heap every 200 ms, with the share of the contacts' pages read so far. */
export class MemorySampler {
  private readonly samples: Sample[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(progress: () => number) {
    const sample = () => {
      const { rss, heapUsed } = process.memoryUsage();
      this.samples.push({ progress: progress(), rss, heap: heapUsed });
    };
    sample();
    this.timer = setInterval(sample, 200);
  }

  stop() {
    clearInterval(this.timer);
    const { rss, heapUsed } = process.memoryUsage();
    this.samples.push({ progress: 1, rss, heap: heapUsed });
  }

  report(): string {
    const peak = (key: 'rss' | 'heap') => Math.max(...this.samples.map((s) => s[key]));
    const last = this.samples.at(-1)!;
    const at = (share: number) => {
      const sample = this.samples.find((s) => s.progress >= share) ?? last;
      return `${Math.round(share * 100)} % ${mib(sample.heap)}`;
    };
    return (
      `RSS peak ${mib(peak('rss'))}, final ${mib(last.rss)}; heap peak ${mib(peak('heap'))}, ` +
      `final ${mib(last.heap)}; heap at the contacts' pages read: ` +
      [0.25, 0.5, 0.75, 1].map(at).join(', ')
    );
  }
}

/**
 * Counts the process's SQL statements by their first word from now on (around `pg`'s
 * `Client.query`), with the time spent waiting for them.
 */
export function countStatements(Client: { prototype: { query: (...args: never[]) => unknown } }) {
  const counts = new Map<string, number>();
  const state = { waitedMs: 0 };
  const original = Client.prototype.query;
  Client.prototype.query = function (this: unknown, ...args: never[]) {
    const [first] = args as unknown[];
    const text =
      typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    const word = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '?';
    counts.set(word, (counts.get(word) ?? 0) + 1);
    const started = performance.now();
    const result = original.apply(this, args);
    if (result instanceof Promise) {
      void result.then(
        () => (state.waitedMs += performance.now() - started),
        () => (state.waitedMs += performance.now() - started),
      );
    }
    return result;
  } as typeof original;
  return {
    get total() {
      return [...counts.values()].reduce((a, b) => a + b, 0);
    },
    reset() {
      counts.clear();
      state.waitedMs = 0;
    },
    report() {
      const parts = [...counts.entries()].sort(([, a], [, b]) => b - a);
      return (
        `${this.total} (${parts.map(([word, n]) => `${word} ${n}`).join(', ')}); ` +
        `waited for them ${seconds(state.waitedMs)}`
      );
    },
  };
}
