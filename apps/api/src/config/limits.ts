import { z } from 'zod';
import type { Env } from './environment.ts';
import { wholeNumber, type SettingsArea } from './setting.ts';

export const limitsSettings = {
  ACCOUNT_WRITES_PER_HOUR: {
    schema: wholeNumber(1, 1_000_000, 'must be a whole number from 1 to 1000000').default(100),
    default: '`100`',
    description:
      'How often one account may make one write call (any method but GET) in an hour; past it the call answers `429` with `Retry-After`.',
  },
  REDIS_URL: {
    schema: z
      .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
      .optional(),
    default: 'counters in the database',
    description:
      "A Redis for the rate limits' counters; unset, they live in the database, which shares them between instances too ([docs/operations.md](operations.md)).",
  },
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: {
    schema: wholeNumber(
      0,
      60_000,
      'must be a whole number of milliseconds from 0 (off) to 60000',
    ).default(1000),
    default: '`1000`',
    description:
      'Past this event-loop delay, api requests are shed at once with `503` and `Retry-After` instead of queueing (liveness is still answered); `0` turns the check off.',
  },
  OVERLOAD_MAX_HEAP_MIB: {
    schema: wholeNumber(0, 1_000_000, 'must be a whole number of MiB, 0 (off) or more').default(0),
    default: '`0`, off',
    description: 'Past this heap size in MiB, api requests are shed the same way.',
  },
};

export const limitsArea: SettingsArea = {
  title: 'Limits',
  about:
    'What keeps a script, or a crowd, from flooding the portal ([docs/product.md](product.md) §4).',
  settings: limitsSettings,
};

export interface LimitsConfig {
  /** How often an account may make one write call in an hour (decision 0050). */
  accountWritesPerHour: number;
  redisUrl: string | undefined;
  /** When the process sheds load with 503 (0 turns a check off). */
  overload: { maxEventLoopDelayMs: number; maxHeapMiB: number };
}

export function limitsOf(env: Env): LimitsConfig {
  return {
    accountWritesPerHour: env.ACCOUNT_WRITES_PER_HOUR,
    redisUrl: env.REDIS_URL,
    overload: {
      maxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapMiB: env.OVERLOAD_MAX_HEAP_MIB,
    },
  };
}
