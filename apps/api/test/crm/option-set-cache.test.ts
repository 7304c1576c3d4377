import {
  EXAMPLE_CREDENTIALS,
  startDataverseStandIn,
  type DataverseStandIn,
} from '@pp/dataverse-stand-in';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CrmUnavailable } from '../../src/crm-sync/crm-client.ts';
import { loadMapping } from '../../src/crm-sync/dataverse/mapping.ts';
import { optionSetCache } from '../../src/crm-sync/dataverse/option-set-cache.ts';
import { clientCredentialsTokens } from '../../src/crm-sync/dataverse/token.ts';
import { optionSetsOf } from '../../src/crm-sync/dataverse/values.ts';
import { DataverseWebApi } from '../../src/crm-sync/dataverse/web-api.ts';

// The Dataverse client's option-set cache against the stand-in Dataverse. When the outbox pushes
// many writes side by side, each needs the same global option sets; every request counts against
// Dataverse's service protection limits (Microsoft Learn: "Service protection API limits",
// https://learn.microsoft.com/power-apps/developer/data-platform/api-limits), so writes waiting
// for the same option set share one read (issue 46).

const mapping = loadMapping();
const CONCURRENT_WRITES = 16;

let standIn: DataverseStandIn;

beforeAll(async () => {
  standIn = await startDataverseStandIn({ port: 0 });
});
afterAll(async () => {
  await standIn.stop();
});
afterEach(() => {
  standIn.setThrottle(null);
});

/** A fresh cache, as a new Dataverse client has, with its token already at hand. */
async function freshCache() {
  const tokens = clientCredentialsTokens({
    authority: standIn.url,
    ...EXAMPLE_CREDENTIALS,
    scope: `${standIn.url}/.default`,
  });
  await tokens.get();
  standIn.seen.length = 0;
  return optionSetCache(new DataverseWebApi(standIn.url, tokens));
}

/** The option sets read from Dataverse since the last reset, one entry per request. */
function optionSetReads(): string[] {
  return standIn.seen
    .filter((request) => request.path.includes('GlobalOptionSetDefinitions'))
    .map((request) => /Name='([^']+)'/.exec(decodeURIComponent(request.path))?.[1] ?? '');
}

describe('the option-set cache', () => {
  it('reads an option set once for lookups waiting on it at the same time', async () => {
    const cache = await freshCache();

    const answers = await Promise.all(
      Array.from({ length: CONCURRENT_WRITES }, () => cache.fetch('pp_salutation')),
    );

    expect(optionSetReads()).toEqual(['pp_salutation']);
    expect(answers[0]!.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('reads each option set once for writes pushed side by side', async () => {
    const cache = await freshCache();
    const spec = mapping.entities.customer;
    const names = optionSetsOf(spec);
    expect(names.length).toBeGreaterThan(1);

    await Promise.all(
      Array.from({ length: CONCURRENT_WRITES }, () =>
        cache.withOptionSets(spec, (sets) => names.map((name) => sets.get(name)?.length)),
      ),
    );

    expect(optionSetReads().sort()).toEqual([...names].sort());
  });

  it('does not keep a failed read: the next lookup asks Dataverse again', async () => {
    const cache = await freshCache();
    standIn.setThrottle({ every: 1 });

    const failures = await Promise.allSettled([
      cache.fetch('pp_salutation'),
      cache.fetch('pp_salutation'),
    ]);
    for (const failure of failures) {
      expect(failure).toMatchObject({ status: 'rejected', reason: expect.any(CrmUnavailable) });
    }
    expect(optionSetReads()).toEqual(['pp_salutation']);

    standIn.setThrottle(null);
    standIn.seen.length = 0;
    const options = await cache.fetch('pp_salutation');

    expect(optionSetReads()).toEqual(['pp_salutation']);
    expect(options.length).toBeGreaterThan(0);
  });
});
