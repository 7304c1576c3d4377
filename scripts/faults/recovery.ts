import { API_BASE } from '@pp/contract';
import type { LoadUser } from './fixtures.ts';
import { send, type Answers } from './http-client.ts';
import { sleep } from './processes.ts';

export interface FaultResult {
  name: string;
  /** Milliseconds from the faulted part being back (or gone, for a killed instance) to service. */
  recoveryMs: number | undefined;
  /** The recovery's target, where it is not `RECOVERY_TARGET_MS` (report.ts). */
  targetMs?: number;
  notes: string[];
}

/**
 * Writes (the probe user's phone number) through `baseUrl` every 100 ms until one is carried
 * out; resolves with the milliseconds since `since`, or undefined after `timeoutMs`.
 */
export async function probeRecovery(
  answers: Answers,
  baseUrl: string,
  probe: LoadUser,
  since: number,
  timeoutMs = 30_000,
): Promise<number | undefined> {
  for (let n = 0; Date.now() - since < timeoutMs; n += 1) {
    const reply = await send(answers, `${baseUrl}${API_BASE}/Customer/UpdateCustomerData`, {
      method: 'PATCH',
      token: await probe.token(),
      body: { phone: `+49 40 ${Date.now() % 1e8}` },
    });
    if (reply.answer === 200) return Date.now() - since;
    await sleep(100);
  }
  return undefined;
}
