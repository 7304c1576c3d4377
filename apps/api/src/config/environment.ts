import { z } from 'zod';
import { crmArea, crmSettings } from './crm.ts';
import { databaseArea, databaseSettings } from './database.ts';
import { developmentArea, developmentSettings } from './development.ts';
import { identityArea, identitySettings } from './identity.ts';
import { limitsArea, limitsSettings } from './limits.ts';
import { mailArea, mailSettings } from './mail.ts';
import {
  providerAdministrationArea,
  providerAdministrationSettings,
} from './provider-administration.ts';
import { retentionArea, retentionSettings } from './retention.ts';
import { serverArea, serverSettings } from './server.ts';
import { shapeOf, type SettingsArea } from './setting.ts';
import { webArea, webSettings } from './web.ts';

/** The parts of the configuration in the order docs/configuration.md shows them. */
export const SETTINGS_AREAS: readonly SettingsArea[] = [
  serverArea,
  databaseArea,
  identityArea,
  providerAdministrationArea,
  mailArea,
  webArea,
  limitsArea,
  retentionArea,
  crmArea,
  developmentArea,
];

/** Every environment variable the portal reads, each checked by its area's schema. */
export const EnvSchema = z.object({
  ...shapeOf(serverSettings),
  ...shapeOf(databaseSettings),
  ...shapeOf(identitySettings),
  ...shapeOf(providerAdministrationSettings),
  ...shapeOf(mailSettings),
  ...shapeOf(webSettings),
  ...shapeOf(limitsSettings),
  ...shapeOf(retentionSettings),
  ...shapeOf(crmSettings),
  ...shapeOf(developmentSettings),
});

export type Env = z.infer<typeof EnvSchema>;
