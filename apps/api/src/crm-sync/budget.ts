import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { CrmUnavailable } from './crm-client.ts';

// The portal's requests to Dataverse kept within its service protection limits
// (learn.microsoft.com/power-apps/developer/data-platform/api-limits): per user, 6,000 requests
// and 20 minutes of execution time in any 5 minutes. Every instance counts what it sends in the
// rate limiter's shared table (`rate_limits`), in one-minute windows: any 5 minutes meet at most
// six of them, so 900 requests and 180 s a minute stay below 6,000 and 1,200 s. The time is the
// time a request took here, more than Dataverse's execution time. Spent, a request is not sent
// but fails as a 429 would, with the rest of the minute as its Retry-After, which the outbox and
// the sync wait out (`away.ts`).
//
// The third limit, 52 concurrent requests per user, is kept per instance: each sends at most
// DATAVERSE_CONCURRENT_REQUESTS (default 8) at once, the others wait here for a slot, so that
// instances × that stays within 52: the default holds for up to six instances; with more, set it
// to 52 divided by their number (docs/operations.md). A count shared through the database would
// need a lease per request and a way to recover the slots of an instance that died; a fixed
// share per instance needs neither, and the outbox's 16 records at once still fill it.

/** Requests a minute by default: 6 × 900 = 5,400 in any 5 minutes, below Dataverse's 6,000. */
export const REQUESTS_PER_MINUTE = 900;
/** Requests one instance sends at once by default: six instances stay within Dataverse's 52. */
export const CONCURRENT_REQUESTS = 8;
/** Dataverse's limit of requests at once per user. */
export const DATAVERSE_CONCURRENT_LIMIT = 52;
/** Milliseconds of request time a minute for each request of the budget: 900 → 180 s. */
const MS_PER_REQUEST = 200;
/** Requests an instance takes from the shared count at once: one write to it per block. */
const BLOCK = 20;
const WINDOW_SECONDS = 60;

export interface RequestBudget {
  /**
   * Resolves when a request may go, holding one of the instance's slots; throws CrmUnavailable
   * (holding none) when the minute's budget is spent.
   */
  take(): Promise<void>;
  /** The request is done and took `ms` (counted with the next block); frees its slot. */
  spent(ms: number): void;
}

/** At most `size` holders at once; the others wait in turn. */
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (free > 0) {
        free--;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free = Math.min(size, free + 1);
    },
  };
}

/** Adds to a shared one-minute counter; returns its new count and the milliseconds left. */
async function count(db: Executor, key: string, amount: number) {
  const result = await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, ${amount}, now() + make_interval(secs => ${WINDOW_SECONDS}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then excluded.count
                   else rate_limits.count + excluded.count end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at
                      else rate_limits.reset_at end
    returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as ttl`);
  const [row] = (result as unknown as { rows: { count: number; ttl: number }[] }).rows;
  return { count: Number(row?.count ?? amount), ttl: Number(row?.ttl ?? WINDOW_SECONDS * 1000) };
}

/**
 * The budget shared by every instance on the database; `perMinute` 0 counts nothing.
 * `concurrent` is this instance's share of the requests Dataverse takes at once.
 */
export function sharedBudget(
  db: Executor,
  perMinute = REQUESTS_PER_MINUTE,
  concurrent = CONCURRENT_REQUESTS,
): RequestBudget {
  const running = slots(Math.max(1, concurrent));
  const block = Math.max(1, Math.min(BLOCK, perMinute));
  let allowance = 0;
  let windowEnds = 0;
  let unreportedMs = 0;
  let reserving: Promise<void> | undefined;

  async function reserve() {
    const ms = Math.round(unreportedMs);
    unreportedMs = 0;
    const requests = await count(db, 'crm-sync:requests', block);
    const time = await count(db, 'crm-sync:request-ms', ms);
    const waits = [
      requests.count > perMinute ? requests.ttl : 0,
      time.count > perMinute * MS_PER_REQUEST ? time.ttl : 0,
    ];
    if (Math.max(...waits) > 0) {
      throw new CrmUnavailable(
        "the portal's share of Dataverse's service protection limits is spent for this minute",
        Math.max(...waits),
      );
    }
    allowance = block;
    windowEnds = Date.now() + Math.min(requests.ttl, time.ttl);
  }

  async function counted() {
    if (perMinute <= 0) return;
    for (;;) {
      if (allowance > 0 && Date.now() < windowEnds) {
        allowance--;
        return;
      }
      // One reservation at a time; the requests waiting for it share its block.
      reserving ??= reserve().finally(() => {
        reserving = undefined;
      });
      await reserving;
    }
  }

  return {
    async take() {
      await running.acquire();
      try {
        await counted();
      } catch (error) {
        running.release();
        throw error;
      }
    },
    spent(ms) {
      running.release();
      if (perMinute > 0) unreportedMs += ms;
    },
  };
}
