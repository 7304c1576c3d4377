import { eq, inArray } from 'drizzle-orm';
import { API_BASE } from '@pp/contract';
import { mailOutbox } from '../../apps/api/src/db/schema.ts';
import type { ApiInstance } from './api-instance.ts';
import type { LoadUser } from './fixtures.ts';
import { Answers, send } from './http-client.ts';
import type { Ledger } from './ledger.ts';
import { sleep, waitFor } from './processes.ts';
import { probeRecovery, type FaultResult } from './recovery.ts';
import type { Cluster } from './server-faults.ts';
import { burstOfReads, startSlowUpdate } from './sigterm-requests.ts';

/** The probe user invites `count` people at once: a backlog that keeps both mail workers busy. */
async function inviteBacklog(c: Cluster, ledger: Ledger, count: number) {
  const token = await c.probe.token();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `backlog-${Date.now()}-${i}@invited.example.com`;
      const reply = await send(c.answers, `${c.proxyUrl}${API_BASE}/Employee/InviteEmployee`, {
        method: 'POST',
        token,
        body: { companyId: c.probe.companyId, email },
      });
      ledger.record({ kind: 'invitation', companyId: c.probe.companyId, email }, reply.answer);
    }),
  );
}

/**
 * kill -9 of an instance while both mail workers are mid-batch (a backlog, and an SMTP server
 * that answers slowly), then started again. The mails the killed worker had claimed are those
 * still being sent once the other worker's batch is done; `takeover` tells when they went out.
 */
export async function killInstance(
  c: Cluster,
  victim: ApiInstance,
  ledger: Ledger,
): Promise<{ result: FaultResult; takeover: Promise<string>; killedAt: number }> {
  const sending = async () =>
    (
      await c.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'sending'))
    ).map((m) => m.id);
  c.sink.delayMs = 500;
  await inviteBacklog(c, ledger, 24);
  await waitFor(
    'both workers mid-batch',
    async () => (await sending()).length > 10,
    20_000,
    50,
  ).catch(() => undefined);
  const atKill = await sending();
  await victim.kill();
  const killed = Date.now();
  c.sink.delayMs = 0;
  const recoveryMs = await probeRecovery(c.answers, c.proxyUrl, c.probe, killed);
  await sleep(3_000);
  const stranded = (await sending()).filter((id) => atKill.includes(id));
  const restart = Date.now();
  await victim.start();
  const restartMs = Date.now() - restart;
  const done = async () =>
    stranded.length === 0 ||
    (
      await c.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, stranded))
    ).every((m) => m.status !== 'sending' && m.status !== 'pending');
  const takeover = waitFor('mails of the killed worker', done, 600_000, 500).then(
    () =>
      `the ${stranded.length} mails the killed worker had claimed went out ${((Date.now() - killed) / 1000).toFixed(1)} s after the kill`,
    () =>
      `the ${stranded.length} mails the killed worker had claimed had NOT gone out 10 min after the kill`,
  );
  return {
    result: {
      name: `kill -9 of api ${victim.name}`,
      recoveryMs,
      notes: [
        `${atKill.length} mails were being sent at the kill, ${stranded.length} of them by the killed worker`,
        `serving again ${restartMs} ms after its restart`,
      ],
    },
    takeover,
    killedAt: killed,
  };
}

/** SIGTERM during requests: one certainly in flight, a burst straight to it, load through the proxy. */
export async function terminateInstance(
  c: Cluster,
  victim: ApiInstance,
  ledger: Ledger,
  user: LoadUser,
): Promise<
  FaultResult & {
    direct: Answers;
    slow: number | string;
    exit: { code: number | string; ms: number };
  }
> {
  const direct = new Answers();
  const phone = `+49 89 ${Date.now() % 1e8}`;
  const slow = startSlowUpdate(victim.port, await user.token(), phone);
  await sleep(200);
  const burst = burstOfReads(direct, victim.port, user, 20);
  await sleep(20);
  const stopping = victim.terminate();
  const signalled = Date.now();
  await sleep(500);
  const slowAnswer = await slow.finish();
  ledger.record({ kind: 'phone', customerId: user.customerId, phone }, slowAnswer);
  const recoveryMs = await probeRecovery(c.answers, c.proxyUrl, c.probe, signalled);
  await burst;
  const exit = await stopping;
  await victim.start();
  return {
    name: `SIGTERM of api ${victim.name}`,
    recoveryMs,
    notes: [
      `exit code ${exit.code} after ${exit.ms} ms`,
      `request in flight answered ${slowAnswer}`,
      `direct burst: ${[...direct.byStatus].map(([s, n]) => `${s}×${n}`).join(', ')}`,
    ],
    direct,
    slow: slowAnswer,
    exit,
  };
}
