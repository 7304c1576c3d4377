import { z } from 'zod';
import { defineCall } from '../call.ts';

const Ok = z.object({ status: z.literal('ok') });

export const lifetimeIsAlive = defineCall({
  method: 'GET',
  path: '/Lifetime/IsAlive',
  tag: 'Lifetime',
  summary: 'Liveness: 200 when the database answers, else 503',
  access: 'anyone',
  response: Ok,
});

export const lifetimePrivate = defineCall({
  method: 'GET',
  path: '/Lifetime/private',
  tag: 'Lifetime',
  summary: 'Answers 200 to any valid access token',
  access: 'token',
  response: Ok,
});

export const lifetimePrivateScoped = defineCall({
  method: 'GET',
  path: '/Lifetime/private-scoped',
  tag: 'Lifetime',
  summary: 'Answers 200 to a valid access token that carries the api scope',
  access: 'api-scope',
  response: Ok,
});
