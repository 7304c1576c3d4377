import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpEmbedded } from '../src/backup/dump.ts';

describe('a dump of the embedded database while it is in use', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec('create table notes (id int primary key, body text not null)');
  });
  afterAll(() => pglite.close());

  it('leaves the database writable: later writes are not refused as read-only', async () => {
    await pglite.query(`insert into notes values (1, 'before')`);
    const dump = await dumpEmbedded(pglite);
    expect(dump).toContain(`INSERT INTO public.notes VALUES (1, 'before');`);
    await pglite.query(`insert into notes values (2, 'after')`);
    await pglite.transaction((tx) => tx.query(`insert into notes values (3, 'after, in one')`));
    expect((await pglite.query(`select count(*)::int as n from notes`)).rows).toEqual([{ n: 3 }]);
  });

  it("leaves the session as it found it: the search path and pg_dump's settings", async () => {
    const settings = `select name, setting from pg_settings order by name`;
    const before = (await pglite.query(settings)).rows;
    await dumpEmbedded(pglite);
    expect((await pglite.query(settings)).rows).toEqual(before);
    await dumpEmbedded(pglite); // again, from the same session
  });

  it('waits for a transaction open when it is asked for, and holds none of it', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const open = pglite.transaction(async (tx) => {
      await tx.query(`insert into notes values (10, 'open while the dump is asked for')`);
      await held;
      await tx.query(`insert into notes values (11, 'same transaction')`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const dumped = dumpEmbedded(pglite);
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    await open;
    const dump = await dumped;
    // The dump came after the whole transaction, or before all of it: never half of it.
    expect(dump.includes('(10,')).toBe(dump.includes('(11,'));
    expect((await pglite.query(`select count(*)::int as n from notes`)).rows).toEqual([{ n: 5 }]);
  });

  it('loads into PostgreSQL 15 and 16 too: no setting newer than 15', async () => {
    const dump = await dumpEmbedded(pglite);
    expect(dump).not.toMatch(/transaction_timeout/);
    expect(dump).toMatch(/^-- Dumped by pg_dump version 18/m);
  });
});
