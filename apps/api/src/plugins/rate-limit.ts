import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { callOf } from '../management/metrics.ts';

const SWEEP_INTERVAL_MS = 15 * 60_000;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Fixed-window counters in the `rate_limits` table, so every api instance on the same
 * database shares them. One upsert per counted request.
 */
function databaseStore(database: Database): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options; children get a key prefix per route.
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow = 60_000): void {
      const fullKey = `${this.prefix}${key}`;
      database.db
        .execute(
          sql`insert into rate_limits (key, count, reset_at)
              values (${fullKey}, 1, now() + ${timeWindow} * interval '1 millisecond')
              on conflict (key) do update set
                count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
                reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
              returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as ttl`,
        )
        .then((result) => {
          const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the merged parameters with the route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      // By path only: the HEAD route Fastify adds to a GET shares its counter. A limiter made
      // with `createRateLimit` has no route; its keys name what they count.
      const prefix = route?.url ? `${this.prefix}${route.url}:` : this.prefix;
      return new DatabaseStore(undefined, prefix);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Rate limits on the sensitive calls (each opts in with `config.rateLimit`), and the limiter of
 * every write per account (`write-limit.ts`). Counters live in
 * the database, or in Redis when REDIS_URL is set. When the counter store fails, requests pass.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { database: Database; redisUrl: string | undefined }) => {
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) {
      app.addHook('onClose', async () => void redis.disconnect());
    } else {
      // Expired counters are reset on their next use; those of clients that never come back
      // would stay forever.
      const sweep = setInterval(() => {
        options.database.db
          .delete(rateLimits)
          .where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`))
          .catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit sweep failed'));
      }, SWEEP_INTERVAL_MS).unref();
      app.addHook('onClose', async () => clearInterval(sweep));
    }
    await app.register(rateLimit, {
      global: false,
      skipOnError: true,
      ...(redis
        ? { redis, nameSpace: 'pp-rate-limit:' }
        : { store: databaseStore(options.database) }),
      onExceeded: (request) =>
        app.metrics.rateLimitRefusals.inc({ limit: 'address', call: callOf(request) }),
      errorResponseBuilder: (_request, context) => {
        const error = new Error('rate limited') as Error & {
          statusCode: number;
          retryAfter: string;
        };
        error.statusCode = context.statusCode;
        error.retryAfter = context.after;
        return error;
      },
    });
  },
  { name: 'rate-limit' },
);
