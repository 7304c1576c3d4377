import { calls } from '@pp/contract';
import { defineRoute } from '../../routing/route.ts';

// The scope is checked by the declared access (`api-scope`) before this runs.
export default defineRoute(calls.lifetimePrivateScoped, async () => ({ status: 'ok' as const }));
