import type { Env } from './environment.ts';
import type { ServerConfig } from './server.ts';
import { bool, type SettingsArea } from './setting.ts';

const DEV_ONLY = 'only with the embedded provider and a loopback `PUBLIC_URL`, never in production';

export const developmentSettings = {
  DEMO_DATA: {
    schema: bool.optional(),
    default: 'on with the embedded database outside production',
    description: `Loads the demo data (idempotent; its password is public): ${DEV_ONLY}.`,
  },
  ENABLE_TEST_ENDPOINTS: {
    schema: bool.default(false),
    default: '`false`',
    description: `The \`ATest/*\` calls for end-to-end tests: ${DEV_ONLY}.`,
  },
};

export const developmentArea: SettingsArea = {
  title: 'Development',
  about:
    "What runs only on a developer's machine: the embedded provider and a loopback `PUBLIC_URL` also open the development mailbox (`/dev/mailbox`).",
  settings: developmentSettings,
};

export interface DevelopmentConfig {
  demoData: boolean;
  testEndpoints: boolean;
  /** `/dev/mailbox`: only with the embedded provider and a loopback PUBLIC_URL. */
  mailbox: boolean;
}

/**
 * The development features: the demo data (whose password is public), the test calls and the
 * mailbox, only with the embedded provider and a loopback PUBLIC_URL, never in production.
 */
export function developmentOf(
  env: Env,
  server: ServerConfig,
  embedded: boolean,
  problems: string[],
): DevelopmentConfig {
  const production = server.env === 'production';
  const devOnlyAllowed = embedded && server.loopback;
  const demoData =
    env.DEMO_DATA ?? (!production && devOnlyAllowed && env.DATABASE_URL === undefined);
  const mailbox = devOnlyAllowed;
  for (const [on, name] of [
    [demoData, 'DEMO_DATA'],
    [env.ENABLE_TEST_ENDPOINTS, 'ENABLE_TEST_ENDPOINTS'],
  ] as const) {
    if (on && !devOnlyAllowed) {
      problems.push(
        `${name} needs the embedded identity provider and a loopback PUBLIC_URL (demo passwords and test calls are public)`,
      );
    }
  }
  if (production) {
    if (demoData) {
      problems.push('NODE_ENV=production refuses DEMO_DATA: the demo password is public');
    }
    if (env.ENABLE_TEST_ENDPOINTS) {
      problems.push('NODE_ENV=production refuses ENABLE_TEST_ENDPOINTS');
    }
    if (mailbox) {
      problems.push(
        'NODE_ENV=production refuses the development mailbox (/dev/mailbox), which is on with the embedded provider and a loopback PUBLIC_URL: set PUBLIC_URL to the public address or configure an external provider',
      );
    }
  }
  return { demoData, testEndpoints: env.ENABLE_TEST_ENDPOINTS, mailbox };
}
