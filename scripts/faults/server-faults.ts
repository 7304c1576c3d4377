import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { mailOutbox } from '../../apps/api/src/db/schema.ts';
import type { ApiInstance } from './api-instance.ts';
import type { LoadUser } from './fixtures.ts';
import type { Answers } from './http-client.ts';
import type { PostgresServer } from './postgres-server.ts';
import { sleep, waitFor } from './processes.ts';
import { probeRecovery, type FaultResult } from './recovery.ts';
import type { StoppableSink } from './smtp-sink.ts';

export interface Cluster {
  proxyUrl: string;
  answers: Answers;
  probe: LoadUser;
  postgres: PostgresServer;
  instances: [ApiInstance, ApiInstance];
  sink: StoppableSink;
  db: Db;
  companyIds: string[];
}

export async function restartPostgres(
  c: Cluster,
  mode: 'fast' | 'immediate',
): Promise<FaultResult> {
  const ms = await c.postgres.restart(mode);
  const recoveryMs = await probeRecovery(c.answers, c.proxyUrl, c.probe, Date.now());
  return {
    name: `PostgreSQL restart -m ${mode}`,
    recoveryMs,
    notes: [`pg_ctl restart took ${ms} ms`],
  };
}

const logLines = (instances: ApiInstance[], message: string) =>
  instances.reduce(
    (n, i) =>
      n +
      i
        .output()
        .split('\n')
        .filter((l) => l.includes(message)).length,
    0,
  );

export async function stopSmtp(c: Cluster, downMs: number): Promise<FaultResult> {
  const failuresBefore = logLines(c.instances, 'mail delivery failed');
  await c.sink.stop();
  await sleep(downMs);
  const waiting = (
    await c.db
      .select({ messageId: mailOutbox.messageId })
      .from(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.companyId, c.companyIds),
          inArray(mailOutbox.status, ['pending', 'sending']),
        ),
      )
  ).map((m) => m.messageId);
  const attempts = logLines(c.instances, 'mail delivery failed') - failuresBefore;
  await c.sink.start();
  // Settled: delivered, or refused for good by the server that is back (an address of the
  // refused domain, which load.ts invites on purpose) and so marked failed in the outbox.
  const delivered = async () => {
    const received = new Set(c.sink.received.map((r) => r.messageId));
    const open = waiting.filter((id) => !received.has(id));
    if (open.length === 0) return true;
    const refused = await c.db
      .select({ messageId: mailOutbox.messageId })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.messageId, open), eq(mailOutbox.status, 'failed')));
    return refused.length === open.length;
  };
  const recoveryMs = await waitFor('the waiting mails delivered', delivered, 180_000, 100).catch(
    () => undefined,
  );
  return {
    name: `SMTP server down ${downMs / 1000} s`,
    recoveryMs,
    notes: [
      `${waiting.length} mails waited in the outbox, all delivered (or refused for good) ${recoveryMs === undefined ? 'NOT within 180 s' : 'after it was back'}`,
      `${attempts} failed delivery attempts logged while it was down`,
    ],
  };
}
