// The activity log's lines of the benchmark (run.ts, issue 46): the log read with each of its
// filters (a person, a kind, a range of days), and the exports timed to their last byte.
import { answers } from './measure.ts';
import type { BenchIds } from './scale.ts';

/** A day `days` before today, as the filters take it (YYYY-MM-DD). */
const dayBefore = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The person the filtered lines ask for, by practice: one the log's person filter offers (named
 * by the newest entries), not its first, read from the portal's own answer.
 */
export const logPersons = new Map<string, string>();
export async function findLogPerson(url: string, ids: BenchIds, authorization: string) {
  const response = await fetch(
    `${url}/Company/GetActivityLog?companyId=${ids.practiceId}&page=1&pageSize=10`,
    { headers: { authorization } },
  );
  if (!response.ok) {
    throw new Error(
      `${url}: the activity log answered ${response.status}: ${await response.text()}`,
    );
  }
  const { people } = (await response.json()) as { people: { customerId: string }[] };
  const person = people[Math.floor(people.length / 2)]?.customerId ?? ids.adminId;
  logPersons.set(ids.practiceId, person);
}

const log = (ids: BenchIds, filter: string, page = 3) =>
  `/Company/GetActivityLog?companyId=${ids.practiceId}&page=${page}&pageSize=25&${filter}`;

/** [label, path] of the filtered reads; the reference runs the portal's statements for each. */
export const FILTERED_LOG: [string, (ids: BenchIds) => string][] = [
  [
    'Company/GetActivityLog (by person: one the filter offers, page 1)',
    (ids) => log(ids, `customerId=${logPersons.get(ids.practiceId) ?? ids.adminId}`, 1),
  ],
  ['Company/GetActivityLog (by kind: roles, page 3)', (ids) => log(ids, 'kind=roles')],
  [
    'Company/GetActivityLog (by days: the week before yesterday, page 3)',
    (ids) => log(ids, `from=${dayBefore(8)}&to=${dayBefore(2)}`),
  ],
];

/** An export of `practiceId` as the screen asks for it: the request's path and options. */
export type ExportOf = (ids: BenchIds) => [string, RequestInit];

/** [label, the request]: the exports timed one after another (a person clicks once). */
export const EXPORTS: [string, ExportOf][] = [
  [
    'Employee/ExportEmployees (10,000 as CSV)',
    (ids) => [`/Employee/ExportEmployees?companyId=${ids.practiceId}`, { method: 'GET' }],
  ],
  [
    'Company/ExportActivityLog (the newest 10,000 entries as CSV)',
    (ids) => [
      '/Company/ExportActivityLog',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: ids.practiceId }),
      },
    ],
  ],
];

/**
 * Five exports one after another: the time to the file's last byte. A table line: the size,
 * the median and the slowest, how many completed.
 */
export async function timedExport(
  label: string,
  target: string,
  url: string,
  init: RequestInit,
  authorization: string,
) {
  const seconds: number[] = [];
  let bytes = 0;
  for (let round = 0; round < 5; round += 1) {
    const started = performance.now();
    const response = await fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization },
    });
    if (!response.ok || !response.body) {
      answers.failed += 1;
      continue;
    }
    bytes = 0;
    for await (const chunk of response.body) bytes += chunk.byteLength;
    seconds.push((performance.now() - started) / 1000);
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return `| ${label} | ${target} | ${(bytes / 1024).toFixed(0)} KiB | ${median.toFixed(2)} | ${(sorted.at(-1) ?? Number.NaN).toFixed(2)} | ${seconds.length} of 5 |`;
}
