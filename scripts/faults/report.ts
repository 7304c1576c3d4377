import type { CrmCheck } from './crm.ts';
import type { Answers } from './http-client.ts';
import type { FaultResult } from './recovery.ts';
import type { MailCheck } from './verify-mails.ts';
import type { WriteCheck } from './verify-writes.ts';

/** Recovery after each fault must take at most this long. */
export const RECOVERY_TARGET_MS = 5_000;

export interface ScenarioReport {
  title: string;
  answers: Answers;
  writes: WriteCheck;
  mails?: MailCheck;
  /** The CRM part (server scenario): its misses are among `problems`. */
  crm?: CrmCheck;
  faults: FaultResult[];
  /** Figures that are not targets. */
  extra: string[];
  /** Targets the scenario checked itself, missed. */
  problems: string[];
  /**
   * Requests that could get no whole answer: in flight at a kill -9 with no proxy in front, or,
   * behind the proxy, cut off after their headers by a kill -9.
   */
  allowedUnanswered?: number;
}

const seconds = (ms: number | undefined) =>
  ms === undefined ? 'never' : `${(ms / 1000).toFixed(2)} s`;

/** The targets a scenario missed, each as one line with its evidence. */
export function missedTargets(report: ScenarioReport): string[] {
  const { answers, writes, mails } = report;
  const missed = [...report.problems, ...(report.crm?.problems ?? [])];
  const unexpected = answers.unexpected() - (report.allowedUnanswered ?? 0);
  if (unexpected > 0) {
    const examples = answers.failures.filter((f) => f.answer !== '503').slice(0, 10);
    missed.push(
      `${unexpected} answers ≥ 500 other than 503 or without an answer, e.g. ${JSON.stringify(examples)}`,
    );
  }
  if (writes.missing.length > 0)
    missed.push(
      `${writes.missing.length} acknowledged writes missing: ${writes.missing.slice(0, 10).join('; ')}`,
    );
  if (mails && mails.lost.length > 0)
    missed.push(`${mails.lost.length} mails lost: ${mails.lost.slice(0, 10).join('; ')}`);
  if (mails && mails.duplicated.length > 0)
    missed.push(`${mails.duplicated.length} mails sent under two Message-IDs`);
  if (mails && mails.refused.failedVisibly < mails.refused.total) {
    missed.push(
      `${mails.refused.total - mails.refused.failedVisibly} mails to refused addresses not marked failed`,
    );
  }
  for (const fault of report.faults) {
    const target = fault.targetMs ?? RECOVERY_TARGET_MS;
    if (fault.recoveryMs === undefined || fault.recoveryMs > target) {
      missed.push(
        `${fault.name}: recovery ${seconds(fault.recoveryMs)} (target ${seconds(target)})`,
      );
    }
  }
  return missed;
}

export function formatReport(report: ScenarioReport): string {
  const { answers, writes, mails } = report;
  const statuses = [...answers.byStatus]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}: ${n}`);
  const lines = [
    `== ${report.title}`,
    `requests sent:        ${answers.sent}`,
    `answers by status:    ${statuses.join(', ')}`,
    `  of them from the proxy for a failed instance: ${answers.proxyAnswers}`,
    `acknowledged writes:  ${writes.acknowledged}`,
    `writes found:         ${writes.found}${writes.missing.length ? ` (missing: ${writes.missing.length})` : ''}`,
  ];
  if (mails) {
    lines.push(
      `mails expected / sent / duplicated: ${mails.expected} / ${mails.sent} / ${mails.duplicated.length}` +
        ` (resent under the same Message-ID: ${mails.resentSameId})`,
      `refused addresses marked failed: ${mails.refused.failedVisibly} of ${mails.refused.total}`,
    );
  }
  if (report.crm) lines.push(...crmLines(report.crm));
  lines.push('recovery per fault:');
  for (const fault of report.faults) {
    lines.push(
      `  ${fault.name.padEnd(34)} ${seconds(fault.recoveryMs).padStart(8)}   ${fault.notes.join('; ')}`,
    );
  }
  for (const line of report.extra) lines.push(`note: ${line}`);
  return lines.join('\n');
}

function crmLines(crm: CrmCheck): string[] {
  const { phones, locations, drain } = crm;
  return [
    'CRM (stand-in Dataverse):',
    ...crm.windows.map(
      (w) =>
        `  ${w.name.padEnd(26)} reads 2xx ${w.readsOk} of ${w.reads}, writes acknowledged ${w.writesAcked} of ${w.writes}` +
        ` (not 2xx during another fault: ${w.explained}, otherwise: ${w.unexplained.length})`,
    ),
    `  stand-in: ${crm.standInRequests} requests, ${crm.throttledAnswers} answered 429`,
    `  outbox empty ${seconds(drain.ms)} after the load (${drain.waitingAtStart} waiting then; backoff cut short for ${drain.madeDue} writes)`,
    `  phone numbers acknowledged / PATCHed once: ${phones.acknowledged} / ${phones.once}` +
      ` (missing ${phones.missing.length}, twice ${phones.duplicated.length}, out of order ${phones.outOfOrder.length}, wrong final value ${phones.wrongFinal.length})`,
    `  locations acknowledged / in the stand-in once: ${locations.acknowledged} / ${locations.once}` +
      ` (missing ${locations.missing.length}, twice ${locations.duplicated.length})`,
    `  412 merge: ${crm.merge.ok ? 'both changes kept' : 'FAILED'}; ${crm.merge.details}`,
  ];
}
