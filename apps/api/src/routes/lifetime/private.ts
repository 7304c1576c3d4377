import { calls } from '@pp/contract';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.lifetimePrivate, async () => ({ status: 'ok' as const }));
