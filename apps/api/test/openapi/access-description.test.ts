import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, calls, type CallDefinition } from '@pp/contract';
import { useApi } from '../support/context.ts';

const Document = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.object({ description: z.string() }))),
});

const allCalls: [string, CallDefinition][] = Object.entries(calls);
/** The calls a person may make on themself with a smaller role than the declared one. */
const selfCalls = allCalls.filter(
  ([, call]) => typeof call.access === 'object' && call.access.practice.orSelf !== undefined,
);

describe("the OpenAPI document's access descriptions", () => {
  const api = useApi();

  const descriptionOf = async (call: CallDefinition) => {
    const document = Document.parse(
      (await api.app.inject({ url: `${API_BASE}/openapi.json` })).json(),
    );
    return document.paths[call.path]?.[call.method.toLowerCase()]?.description;
  };

  it('has calls that declare `orSelf`', () => {
    expect(selfCalls.map(([name]) => name).sort()).toEqual([
      'employeeChangePrimaryCompany',
      'locationExportLocations',
      'locationGetLocations',
    ]);
  });

  it.each(selfCalls)('%s says that the person themself may call', async (_name, call) => {
    const practice = typeof call.access === 'object' ? call.access.practice : undefined;
    expect(await descriptionOf(call)).toBe(
      `Access: ${practice?.role} (or more) of the practice named by \`${practice?.from}\`, or any member of it when \`${practice?.orSelf}\` names the caller themself; another practice answers 404 like a random id, a smaller role 403.`,
    );
  });

  it('describes a plain practice declaration without it', async () => {
    expect(await descriptionOf(calls.employeeGetEmployees)).toBe(
      'Access: admin (or more) of the practice named by `query.companyId`; another practice answers 404 like a random id, a smaller role 403.',
    );
  });
});
