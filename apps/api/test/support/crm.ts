import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  EXAMPLE_CREDENTIALS,
  startDataverseStandIn,
  type DataverseStandIn,
  type StandInOptions,
} from '@pp/dataverse-stand-in';
import type { RequestBudget } from '../../src/crm-sync/budget.ts';
import { createCrmConnector, type CrmConnector } from '../../src/crm-sync/connector.ts';
import type { CrmLog } from '../../src/crm-sync/crm-client.ts';
import { dataverseClient } from '../../src/crm-sync/dataverse/client.ts';
import { loadMapping } from '../../src/crm-sync/dataverse/mapping.ts';
import { createTestApp } from './app.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { closeTestApi } from './context.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startTestIssuer, type TestIssuer } from './issuer.ts';

/** The operator endpoint's token in the CRM tests. */
export const OPERATOR_TOKEN = 'operator-token-of-the-crm-test-0123456789';

/** A portal whose records are in a stand-in Dataverse of its own, and what it logged. */
export interface CrmContext {
  standIn: DataverseStandIn;
  connector: CrmConnector;
  app: FastifyInstance;
  client: ApiClient;
  issuer: TestIssuer;
  db: TestDatabase;
  logs: string[];
}

export interface CrmOptions {
  /** Records per page of a read: small, so that paging is part of every test. */
  pageSize: number;
  standIn?: StandInOptions;
  env?: Record<string, string>;
}

/** A connector to the context's stand-in (the tests drive it; its timers are not started). */
export function crmConnectorFor(
  context: Pick<CrmContext, 'db' | 'standIn'>,
  log: CrmLog,
  options: { pageSize: number; budget?: RequestBudget | undefined },
): CrmConnector {
  return createCrmConnector({
    db: context.db.database.db,
    client: dataverseClient({
      url: context.standIn.url,
      authority: context.standIn.url,
      ...EXAMPLE_CREDENTIALS,
      mapping: loadMapping(),
      pageSize: options.pageSize,
      ...(options.budget ? { budget: options.budget } : {}),
    }),
    log,
    syncSeconds: 60,
  });
}

/** Starts the stand-in, a database, an issuer and the app with its connector, for a file. */
export function useCrm(options: CrmOptions): CrmContext {
  const context = { logs: [] as string[] } as CrmContext;
  beforeAll(async () => {
    context.standIn = await startDataverseStandIn(options.standIn);
    context.db = await createTestDatabase();
    context.issuer = await startTestIssuer();
    const line =
      (level: string) =>
      (...args: unknown[]) => {
        context.logs.push(`${level} ${args.map((a) => JSON.stringify(a)).join(' ')}`);
      };
    const log = { info: line('info'), warn: line('warn'), error: line('error') } as CrmLog;
    context.connector = crmConnectorFor(context, log, { pageSize: options.pageSize });
    context.app = await createTestApp({
      database: context.db.database,
      issuer: context.issuer,
      crm: context.connector,
      ...(options.env ? { env: options.env } : {}),
    });
    context.client = createApiClient(context.app);
  });
  afterAll(async () => {
    await closeTestApi(context);
    await context.standIn?.stop();
  });
  return context;
}

/**
 * {@link useCrm}, connected, with the first sync round done before the file's tests; `round`
 * runs one more, which fails the test when a kind of record fails.
 */
export function useSyncedCrm(options: CrmOptions): {
  crm: CrmContext;
  db: () => TestDatabase['database']['db'];
  round: () => ReturnType<CrmConnector['syncNow']>;
} {
  const crm = useCrm(options);
  const round = async () => {
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    return outcome;
  };
  beforeAll(async () => {
    await crm.connector.connect();
    await round();
  });
  return { crm, db: () => crm.db.database.db, round };
}
