import { z } from 'zod';

const ParametersSchema = z.record(z.string(), z.string());

/**
 * What the portal asks the provider to run on its own pages (decision 0064 for the embedded
 * provider's `pp_action`, decision 0073 for the external ones). `step-up`: a new sign-in with a
 * second factor, setting one up first where the provider does that, for a practice that requires
 * one.
 */
export const ACCOUNT_ACTIONS = [
  'step-up',
  'configure-totp',
  'remove-totp',
  'new-recovery-codes',
  'add-passkey',
  'remove-passkey',
] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

export const WebConfigurationSchema = z
  .object({
    oidc: z.object({
      issuer: z.string(),
      clientId: z.string(),
      audience: z.string(),
      scope: z.string(),
      /**
       * Extra parameters of the authorize request. Absent: `{ resource: audience }` (RFC 8707,
       * the generic provider). Keycloak and Entra ID take none (Entra's v2 endpoint refuses
       * `resource`), Auth0 takes `{ audience }`.
       */
      authorizeParameters: ParametersSchema.optional(),
      /** Extra parameters of the token requests (code and refresh); absent as above. */
      tokenParameters: ParametersSchema.optional(),
    }),
    /**
     * Where the provider's own pages change the password and the account's address, for a
     * provider the portal does not administer (Entra ID): the portal links there, and its own
     * password and e-mail calls answer `409 not_available`. Absent for every other provider.
     */
    selfService: z.object({ passwordUrl: z.string(), accountUrl: z.string() }).optional(),
    /**
     * The second factor at the provider (decision 0073): `pageUrl` is the provider's own page of
     * the person's sign-in methods (null: none known), `actions` the authorize parameters that
     * run each action the provider offers (`pp_action`, Keycloak's `kc_action`, Entra's claims
     * request, Auth0's `acr_values`); an action not named is not offered. The embedded provider's
     * `remove-passkey` also names the passkey (`pp_passkey`).
     */
    accountSecurity: z.object({
      pageUrl: z.string().nullable(),
      actions: z.partialRecord(z.enum(ACCOUNT_ACTIONS), ParametersSchema),
    }),
    imprintUrl: z.string().nullable(),
    privacyUrl: z.string().nullable(),
    /**
     * Outside production (`NODE_ENV` ≠ production): a legal link that is not configured shows as
     * a placeholder that names its setting, so the gap is seen before going live. In production
     * an unset link shows nothing.
     */
    legalLinkPlaceholders: z.boolean(),
    /**
     * Where people report accessibility barriers (`ACCESSIBILITY_CONTACT`, decision 0080): an
     * e-mail address or the http(s) page of a contact form.
     */
    accessibilityContact: z.string(),
    /** The operator's name of the portal (`PORTAL_NAME`); null: the translated default. */
    portalName: z.string().nullable(),
    /** The operator's logo (`LOGO_URL`): an http(s) URL or a path on the portal; null: none. */
    logoUrl: z.string().nullable(),
    idleTimeoutMinutes: z.number().int().positive(),
  })
  .meta({ id: 'WebConfiguration' });
export type WebConfiguration = z.infer<typeof WebConfigurationSchema>;

/** Where the web app fetches its {@link WebConfiguration} (outside the api's calls). */
export const WEB_CONFIGURATION_PATH = '/app-config.json';
