import { z } from 'zod';

export const WebConfigurationSchema = z
  .object({
    oidc: z.object({
      issuer: z.string(),
      clientId: z.string(),
      audience: z.string(),
      scope: z.string(),
    }),
    imprintUrl: z.string().nullable(),
    privacyUrl: z.string().nullable(),
    idleTimeoutMinutes: z.number().int().positive(),
  })
  .meta({ id: 'WebConfiguration' });
export type WebConfiguration = z.infer<typeof WebConfigurationSchema>;

/** Where the web app fetches its {@link WebConfiguration} (outside the api's calls). */
export const WEB_CONFIGURATION_PATH = '/app-config.json';
