import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../support/database.ts';
import { schemaFingerprint } from './schema-fingerprint.ts';

// Compares the server with PGlite, so it needs the server: it runs in the server run of the
// suite (TEST_DATABASE_URL set, as in CI); the PGlite run has nothing to compare with.
describe.runIf(isServerRun())('the same migrations on PGlite and on the PostgreSQL server', () => {
  let server: TestDatabase;
  let embedded: Database;
  beforeAll(async () => {
    server = await createEmptyDatabase();
    embedded = await openDatabase({ kind: 'embedded', pglite: new PGlite() });
    await migrateDatabase(server.database);
    await migrateDatabase(embedded);
  });
  afterAll(async () => {
    await server?.drop();
    await embedded?.close();
  });

  it('produce the same tables, columns, constraints, indexes, sequences and triggers', async () => {
    const onServer = await schemaFingerprint(server.database.db);
    const onPglite = await schemaFingerprint(embedded.db);
    expect(onServer.columns.length).toBeGreaterThan(100);
    expect(onPglite).toEqual(onServer);
  });
});
