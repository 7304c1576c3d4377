import { calls } from '@pp/contract';
import { sessionsOf } from '../../lib/account-security/account-security.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.securityGetSessions, (request) => sessionsOf(request));
