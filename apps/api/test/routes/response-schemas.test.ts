import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@pp/contract';
import { registerCall } from '../../src/routing/register-call.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

const profile = defineCall({
  method: 'GET',
  path: '/Test/Profile',
  tag: 'Test',
  summary: 'Answers more than its schema declares',
  access: 'token',
  response: z.object({ firstName: z.string(), address: z.object({ city: z.string() }) }),
});
const broken = defineCall({
  method: 'GET',
  path: '/Test/Broken',
  tag: 'Test',
  summary: 'Answers something its schema does not allow',
  access: 'token',
  response: z.object({ count: z.number() }),
});

function extend(app: FastifyInstance) {
  registerCall(app, profile, async () => {
    const row = {
      firstName: 'Anna',
      passwordHash: '$argon2id$secret',
      address: { city: 'Berlin', internalNote: 'x' },
    };
    return row;
  });
  registerCall(
    app,
    broken,
    async () => JSON.parse('{"count":"many","secret":"s3cr3t"}') as { count: number },
  );
}

describe('response schemas', () => {
  const api = useApi({ extend });

  it('strip fields the schema does not declare, nested ones too', async () => {
    const token = await api.issuer.tokenFor(demo.clara);
    const response = await api.client.call(profile, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ firstName: 'Anna', address: { city: 'Berlin' } });
  });

  it('turn an answer that breaks its schema into a bare 500', async () => {
    const token = await api.issuer.tokenFor(demo.clara);
    const response = await api.client.call(broken, { token });
    expectProblem(response, 500, 'internal_error');
    expect(response.body).not.toMatch(/many|s3cr3t|count/);
  });
});
