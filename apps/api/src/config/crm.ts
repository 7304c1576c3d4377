import { z } from 'zod';
import {
  readClientCertificate,
  type ClientCertificate,
} from '../crm-sync/dataverse/certificate.ts';
import type { Env } from './environment.ts';
import { origin, wholeNumber, type SettingsArea } from './setting.ts';

/** A Microsoft Entra ID tenant or application id. */
const guid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
  error: 'must be a GUID such as 00000000-0000-0000-0000-000000000000',
});

const WITH_DATAVERSE = 'With `CRM_PROVIDER=dataverse`:';

export const crmSettings = {
  CRM_PROVIDER: {
    schema: z
      .enum(['builtin', 'dataverse'], { error: 'must be builtin or dataverse' })
      .default('builtin'),
    default: '`builtin`',
    description: `\`builtin\`: no CRM, the portal's own tables are the record. \`dataverse\`: customers, practices, locations and memberships live in Microsoft Dataverse (Dynamics 365), and the portal's tables are their mirror ([docs/operations.md](operations.md), "The CRM").`,
  },
  CRM_SYNC_SECONDS: {
    schema: wholeNumber(
      5,
      24 * 60 * 60,
      'must be a whole number of seconds from 5 to 86400',
    ).default(60),
    default: '`60`',
    description: "How often the CRM's changes are read, in seconds (5 to 86400).",
  },
  DATAVERSE_URL: {
    schema: origin.optional(),
    description: `${WITH_DATAVERSE} the environment's origin, such as \`https://contoso.crm4.dynamics.com\`.`,
  },
  DATAVERSE_TENANT_ID: {
    schema: guid.optional(),
    description: `${WITH_DATAVERSE} the Entra ID tenant of the environment (a GUID).`,
  },
  DATAVERSE_CLIENT_ID: {
    schema: guid.optional(),
    description: `${WITH_DATAVERSE} the application (a GUID) that has an application user in the environment.`,
  },
  DATAVERSE_CLIENT_SECRET: {
    schema: z.string().optional(),
    description: `${WITH_DATAVERSE} that application's client secret; or else \`DATAVERSE_CLIENT_CERTIFICATE\`, not both.`,
  },
  DATAVERSE_CLIENT_CERTIFICATE: {
    schema: z.string().optional(),
    description: `${WITH_DATAVERSE} instead of a secret, that application's certificate: a PEM file's path, or the PEM itself, with the certificate and its unencrypted RSA key. Tokens are then asked for with a client assertion signed by it ([docs/operations.md](operations.md), "The CRM").`,
  },
  DATAVERSE_AUTHORITY: {
    schema: origin.default('https://login.microsoftonline.com'),
    default: '`https://login.microsoftonline.com`',
    description: "Where the tokens for Dataverse come from; a stand-in's URL in tests.",
  },
  DATAVERSE_REQUESTS_PER_MINUTE: {
    schema: wholeNumber(0, 1_000_000, 'must be a whole number from 0 to 1000000').default(900),
    default: '`900`',
    description:
      "Requests to Dataverse a minute, all instances together, and 200 ms of request time for each: the default stays within Dataverse's service protection limits of 6,000 requests and 20 minutes in any 5 minutes. Past it the outbox and the sync wait for the next minute. `0` counts nothing (a stand-in without those limits).",
  },
  DATAVERSE_CONCURRENT_REQUESTS: {
    schema: wholeNumber(1, 52, 'must be a whole number from 1 to 52').default(8),
    default: '`8`',
    description:
      'Requests to Dataverse one instance sends at once; more wait their turn. Dataverse takes 52 at once per application user, from all instances together: the default holds for up to six instances; with more, set it to 52 divided by their number ([docs/operations.md](operations.md), "The CRM").',
  },
  DATAVERSE_MAPPING_FILE: {
    schema: z.string().optional(),
    default: 'the default mapping',
    description:
      'A JSON file with another mapping of fields to tables and columns, checked at start ([apps/api/src/crm-sync/dataverse/README.md](../apps/api/src/crm-sync/dataverse/README.md)).',
  },
  OPERATOR_TOKEN: {
    schema: z
      .string()
      .regex(/^[\x21-\x7e]{32,}$/, {
        error: 'must be at least 32 printable characters without spaces',
      })
      .optional(),
    description:
      "Bearer token of `GET /operator/crm` (the CRM's health) and its `POST …/sync`, `…/picklists` and `…/organisation`, at least 32 characters; unset, these do not exist.",
  },
};

export const crmArea: SettingsArea = {
  title: 'CRM',
  about: "The sync with the operator's CRM (decision 0061); without one, nothing of it runs.",
  settings: crmSettings,
};

export type CrmSettings =
  | { provider: 'builtin' }
  | {
      provider: 'dataverse';
      /** The environment's origin (`https://org.crm4.dynamics.com`). */
      url: string;
      tenantId: string;
      clientId: string;
      /** Exactly one of the two (DATAVERSE_CLIENT_SECRET or DATAVERSE_CLIENT_CERTIFICATE). */
      clientSecret: string | undefined;
      clientCertificate: ClientCertificate | undefined;
      /** Microsoft's sign-in host, or a stand-in's. */
      authority: string;
      /** A JSON file with the mapping of fields to tables and columns; unset: the default. */
      mappingFile: string | undefined;
      syncSeconds: number;
      /** The portal's share of the service protection limits (`crm-sync/budget.ts`); 0: none. */
      requestsPerMinute: number;
      /** Requests one instance sends at once (`crm-sync/budget.ts`). */
      concurrentRequests: number;
    };

export interface CrmConfig {
  /** The operator's CRM (decision 0061); `builtin`: none, the portal's tables are the record. */
  crm: CrmSettings;
  /** Bearer token of the operator endpoints (`/operator/…`); null: they answer 404. */
  operatorToken: string | null;
}

function crmSettingsOf(env: Env, problems: string[]): CrmSettings {
  if (env.CRM_PROVIDER === 'builtin') return { provider: 'builtin' };
  const { DATAVERSE_URL, DATAVERSE_TENANT_ID, DATAVERSE_CLIENT_ID, DATAVERSE_CLIENT_SECRET } = env;
  const missing = Object.entries({ DATAVERSE_URL, DATAVERSE_TENANT_ID, DATAVERSE_CLIENT_ID })
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  for (const name of missing) {
    problems.push(`${name} is needed with CRM_PROVIDER=dataverse`);
  }
  const certificateSetting = env.DATAVERSE_CLIENT_CERTIFICATE;
  let clientCertificate: ClientCertificate | undefined;
  if (DATAVERSE_CLIENT_SECRET !== undefined && certificateSetting !== undefined) {
    problems.push(
      'DATAVERSE_CLIENT_SECRET and DATAVERSE_CLIENT_CERTIFICATE are both set: set one of them (the certificate is the safer one)',
    );
  } else if (DATAVERSE_CLIENT_SECRET === undefined && certificateSetting === undefined) {
    problems.push(
      'DATAVERSE_CLIENT_CERTIFICATE or DATAVERSE_CLIENT_SECRET is needed with CRM_PROVIDER=dataverse',
    );
  } else if (certificateSetting !== undefined) {
    try {
      clientCertificate = readClientCertificate(certificateSetting);
    } catch (error) {
      problems.push(`DATAVERSE_CLIENT_CERTIFICATE ${(error as Error).message}`);
    }
  }
  if (
    !DATAVERSE_URL ||
    !DATAVERSE_TENANT_ID ||
    !DATAVERSE_CLIENT_ID ||
    (!DATAVERSE_CLIENT_SECRET && !clientCertificate)
  ) {
    return { provider: 'builtin' };
  }
  return {
    provider: 'dataverse',
    url: new URL(DATAVERSE_URL).origin,
    tenantId: DATAVERSE_TENANT_ID.toLowerCase(),
    clientId: DATAVERSE_CLIENT_ID.toLowerCase(),
    clientSecret: DATAVERSE_CLIENT_SECRET,
    clientCertificate,
    authority: new URL(env.DATAVERSE_AUTHORITY).origin,
    mappingFile: env.DATAVERSE_MAPPING_FILE,
    syncSeconds: env.CRM_SYNC_SECONDS,
    requestsPerMinute: env.DATAVERSE_REQUESTS_PER_MINUTE,
    concurrentRequests: env.DATAVERSE_CONCURRENT_REQUESTS,
  };
}

export function crmOf(env: Env, problems: string[]): CrmConfig {
  return { crm: crmSettingsOf(env, problems), operatorToken: env.OPERATOR_TOKEN ?? null };
}
