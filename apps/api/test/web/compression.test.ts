import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API_BASE, calls, PicklistsSchema, type CallDefinition } from '@pp/contract';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { bearer } from '../support/expect-problem.ts';

describe('api answers on the wire', () => {
  const api = useApi();
  const get = async (call: CallDefinition, encoding: string) =>
    api.client.call(call, {
      token: await api.issuer.tokenFor(demo.clara),
      headers: { 'accept-encoding': encoding },
    });

  it('are compressed above 1 KiB, with brotli or gzip as the client accepts', async () => {
    const br = await get(calls.customerGetPicklists, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(
      PicklistsSchema.parse(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).salutation
        .values.length,
    ).toBeGreaterThan(0);
    const gzip = await get(calls.customerGetPicklists, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toHaveProperty('position');
    expect(gzip.rawPayload.length).toBeLessThan(
      JSON.stringify(JSON.parse(gunzipSync(gzip.rawPayload).toString())).length,
    );
  });

  it('stay as they are below 1 KiB or without Accept-Encoding', async () => {
    expect((await get(calls.lifetimePrivate, 'br')).headers['content-encoding']).toBeUndefined();
    expect(
      (await get(calls.customerGetPicklists, 'identity')).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('never decompress a request body (the body limit counts what arrives)', async () => {
    const answer = await api.app.inject({
      method: 'PATCH',
      url: `${API_BASE}${calls.customerUpdateCustomerData.path}`,
      headers: {
        ...bearer(await api.issuer.tokenFor(demo.clara)),
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      // A valid JSON body, gzipped: decompressed it would be accepted.
      payload: gzipSync(JSON.stringify({ phone: '+49 30 1234567' })),
    });
    expect(answer.statusCode).toBe(400);
  });
});
