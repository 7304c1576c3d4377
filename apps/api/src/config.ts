import { crmOf, type CrmConfig } from './config/crm.ts';
import { databaseOf, type DatabaseConfig } from './config/database.ts';
import { developmentOf, type DevelopmentConfig } from './config/development.ts';
import { EnvSchema } from './config/environment.ts';
import { identityOf, type IdentityConfig } from './config/identity.ts';
import { limitsOf, type LimitsConfig } from './config/limits.ts';
import { mailOf, type MailConfig } from './config/mail.ts';
import { retentionOf, type RetentionConfig } from './config/retention.ts';
import { serverOf, type ServerConfig } from './config/server.ts';
import { webOf, type WebConfig } from './config/web.ts';

// The one entry that reads the environment at start (docs/product.md §7): each area of
// `config/` holds its settings (schema, default, description: docs/configuration.md, written by
// `npm run docs:config`) and turns them into its part of the configuration.

export type Config = ServerConfig &
  DatabaseConfig &
  IdentityConfig &
  MailConfig &
  WebConfig &
  LimitsConfig &
  RetentionConfig &
  CrmConfig &
  DevelopmentConfig;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Unset and empty variables are the same (`SMTP_URL=` in an env file means no SMTP). */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => !!entry[1]?.trim()),
  );
}

/** Reads and checks the environment; throws a {@link ConfigError} listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  const server = serverOf(env);
  const identity = identityOf(env, server, problems);
  const crm = crmOf(env, problems);
  const development = developmentOf(env, server, identity.oidc.embedded, problems);
  const mail = mailOf(env, server, problems);
  const ports = [server.port, ...(identity.oidc.embedded ? [identity.oidc.idpPort] : [])];
  if (ports.includes(server.managementPort)) {
    problems.push('MANAGEMENT_PORT must differ from PORT and IDP_PORT');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...server,
    ...databaseOf(env),
    ...identity,
    ...mail,
    ...webOf(env, server),
    ...limitsOf(env),
    ...retentionOf(env),
    ...crm,
    ...development,
  };
}
