import { request } from 'node:http';
import { API_BASE } from '@pp/contract';
import type { LoadUser } from './fixtures.ts';
import { send, type Answers, type Reply } from './http-client.ts';

export interface SlowRequest {
  /** Sends the rest of the body; resolves with the answer (status or error code). */
  finish(): Promise<number | string>;
}

/**
 * A phone-number update whose headers and first bytes are sent now and the rest on `finish`: a
 * request certainly in flight when the instance is told to stop.
 */
export function startSlowUpdate(port: number, token: string, phone: string): SlowRequest {
  const body = Buffer.from(JSON.stringify({ phone }));
  let started: ReturnType<typeof request> | undefined;
  const answer = new Promise<number | string>((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `${API_BASE}/Customer/UpdateCustomerData`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': body.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.write(body.subarray(0, 5));
    started = req;
  });
  return {
    finish() {
      started?.end(body.subarray(5));
      return answer;
    },
  };
}

/** Reads sent straight to one instance, all at once: some are in flight at any moment. */
export function burstOfReads(
  answers: Answers,
  port: number,
  user: LoadUser,
  count: number,
): Promise<Reply[]> {
  return Promise.all(
    Array.from({ length: count }, async () =>
      send(answers, `http://127.0.0.1:${port}${API_BASE}/Preferences/GetCurrentPreferences`, {
        method: 'GET',
        token: await user.token(),
      }),
    ),
  );
}
