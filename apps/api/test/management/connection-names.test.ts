import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { databaseReadiness } from '../../src/lib/database/liveness.ts';
import { rows } from '../db/schema-fingerprint.ts';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../support/database.ts';

// Issue 45, outside probe (F8): the requests' connections had no `application_name`, so an
// operator could not tell the portal's sessions in pg_stat_activity from anyone else's (only
// the readiness check's connection was named). They are `practice-portal` now, unless
// DATABASE_URL names them itself.

describe.runIf(isServerRun())('the portal’s connections in pg_stat_activity', () => {
  let target: TestDatabase | undefined;
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
    await target?.drop();
  });

  /** The `application_name` of a connection of the pool opened with `url`. */
  const nameOf = async (url: string) => {
    const database = await openDatabase({ kind: 'server', url, poolSize: 1 });
    opened.push(database);
    const [own] = await rows(
      database.db,
      'select application_name as name from pg_stat_activity where pid = pg_backend_pid()',
    );
    return own?.['name'];
  };

  it('are named practice-portal', async () => {
    target = await createEmptyDatabase();
    expect(await nameOf(target.url!)).toBe('practice-portal');
  });

  it('keep the name DATABASE_URL gives them', async () => {
    const url = new URL(target!.url!);
    url.searchParams.set('application_name', 'portal-eu-1');
    expect(await nameOf(url.toString())).toBe('portal-eu-1');
  });

  it('tell the readiness check’s connection apart, also under the URL’s name', async () => {
    // Probe P5: a name in DATABASE_URL named the readiness check's connection too.
    const url = new URL(target!.url!);
    url.searchParams.set('application_name', 'portal-eu-1');
    const database = await openDatabase({ kind: 'server', url: url.toString(), poolSize: 1 });
    opened.push(database);
    const readiness = databaseReadiness(database);
    try {
      const [own] =
        (await readiness.read(
          'select application_name as name from pg_stat_activity where pid = pg_backend_pid()',
        )) ?? [];
      expect(own?.['name']).toBe('portal-eu-1 readiness');
    } finally {
      await readiness.close();
    }
  });
});
