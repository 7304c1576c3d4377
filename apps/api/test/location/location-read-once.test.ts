import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds } from '../support/demo.ts';

/** The text of a statement as drizzle hands it to PGlite (a string) or to pg (a config). */
function statementText(first: unknown): string {
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'text' in first) return String(first.text);
  return '';
}

/**
 * The statements the app sends outside a transaction (the authorization's, a handler's reads),
 * recorded on the database client it shares with the test. Statements in a transaction (a
 * write's reads under its lock) go through the transaction's own connection.
 */
function recordStatements(db: object): { texts: string[]; stop(): void } {
  const client: unknown = Reflect.get(db, '$client');
  if (typeof client !== 'object' || client === null) throw new Error('no database client');
  const original: unknown = Reflect.get(client, 'query');
  if (typeof original !== 'function') throw new Error('the database client has no query()');
  const texts: string[] = [];
  Reflect.set(client, 'query', function (this: unknown, ...args: unknown[]): unknown {
    texts.push(statementText(args[0]));
    return Reflect.apply(original, this, args);
  });
  return { texts, stop: () => Reflect.set(client, 'query', original) };
}

/**
 * The location a call names is read once, by the authorization, and the handler acts on that
 * version (issue 23, race 3; decision 0053): before, the handler read it a second time.
 */
describe('a call on a location', () => {
  const api = useApi();
  let locationId: string;
  let recording: ReturnType<typeof recordStatements> | undefined;
  beforeAll(async () => {
    const practices = await demoPracticeIds(api.db.database.db);
    const [row] = await api.db.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.companyId, practices.sommer));
    locationId = row?.id ?? '';
  });
  afterEach(() => {
    recording?.stop();
  });

  const readsOfLocations = () =>
    (recording?.texts ?? []).filter((text) => /from "locations"/.test(text));

  it('GetLocationById answers the location the authorization read', async () => {
    const token = await api.issuer.tokenFor(demo.ben);
    recording = recordStatements(api.db.database.db);
    const answer = await api.client.location.getLocationById({ token, query: { locationId } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ locationId });
    expect(readsOfLocations()).toHaveLength(1);
  });

  it('UpdateLocation reads it once before the write, which reads it again under its lock', async () => {
    const token = await api.issuer.tokenFor(demo.ben);
    recording = recordStatements(api.db.database.db);
    const answer = await api.client.location.updateLocation({
      token,
      body: { locationId, phoneNumber: '+49 89 1234567' },
    });
    expect(answer.statusCode).toBe(200);
    expect(readsOfLocations()).toHaveLength(1);
  });
});
