import { defineCall } from '../call.ts';
import {
  AccountSessionsSchema,
  AccountSignInsSchema,
  EndSessionSchema,
  SessionsEndedSchema,
} from '../security.ts';

export const securityGetSessions = defineCall({
  method: 'GET',
  path: '/Security/GetSessions',
  tag: 'Security',
  summary:
    "The caller's own active sessions at the embedded provider (browser, system, sign-in and last activity, this device); with an external provider an empty list and the provider's page",
  access: 'customer',
  response: AccountSessionsSchema,
});

export const securityEndSession = defineCall({
  method: 'POST',
  path: '/Security/EndSession',
  tag: 'Security',
  summary:
    "Signs one of the caller's own sessions out: the session ends and its refresh tokens are revoked (404 for any other id)",
  access: 'customer',
  body: EndSessionSchema,
  response: SessionsEndedSchema,
});

export const securityEndAllSessions = defineCall({
  method: 'POST',
  path: '/Security/EndAllSessions',
  tag: 'Security',
  summary:
    'Signs the caller out everywhere: every session at the provider ends and every refresh token is revoked; other browsers are signed out at their next token renewal',
  access: 'customer',
  response: SessionsEndedSchema,
});

export const securityGetSignIns = defineCall({
  method: 'GET',
  path: '/Security/GetSignIns',
  tag: 'Security',
  summary:
    "The caller's own last 30 sign-ins and failed attempts (time, method, browser, second factor); with an external provider an empty list and the provider's page",
  access: 'customer',
  response: AccountSignInsSchema,
});
