import { calls } from '@pp/contract';
import { signInsOf } from '../../lib/account-security/account-security.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.securityGetSignIns, (request) => signInsOf(request));
