import type { WebConfiguration } from '@pp/contract';

// Part of the first visit's light entry (decision 0034): no zod here, the contract's schema is
// checked against this in load-configuration.test.ts.

/** Where the api serves the configuration (`WEB_CONFIGURATION_PATH` of the contract). */
export const CONFIGURATION_PATH = '/app-config.json';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(fields: Fields, key: string): string {
  const value = fields[key];
  if (typeof value !== 'string') throw new TypeError(`configuration: ${key} is not a string`);
  return value;
}

function textOrNull(fields: Fields, key: string): string | null {
  return fields[key] === null ? null : text(fields, key);
}

function flag(fields: Fields, key: string): boolean {
  const value = fields[key];
  if (typeof value !== 'boolean') throw new TypeError(`configuration: ${key} is not true or false`);
  return value;
}

/** An object's entries, each read by `read` (which throws for a wrong one). */
function entries<T>(
  value: unknown,
  key: string,
  read: (fields: Fields, key: string) => T,
): Record<string, T> {
  if (!isObject(value)) throw new TypeError(`configuration: ${key} is not an object`);
  return Object.fromEntries(Object.keys(value).map((name) => [name, read(value, name)]));
}

/** A record of text values (extra request parameters), absent when not sent. */
function parameters(fields: Fields, key: string): Record<string, string> | undefined {
  const value = fields[key];
  return value === undefined ? undefined : entries(value, key, text);
}

function selfServiceOf(fields: Fields): WebConfiguration['selfService'] {
  const value = fields['selfService'];
  if (value === undefined) return undefined;
  if (!isObject(value)) throw new TypeError('configuration: selfService is not an object');
  return { passwordUrl: text(value, 'passwordUrl'), accountUrl: text(value, 'accountUrl') };
}

/** The provider's page and account actions of the second factor (decision 0073). */
function accountSecurityOf(fields: Fields): WebConfiguration['accountSecurity'] {
  const value = fields['accountSecurity'];
  if (!isObject(value)) throw new TypeError('configuration: accountSecurity is not an object');
  return {
    pageUrl: textOrNull(value, 'pageUrl'),
    actions: entries(value['actions'], 'actions', parameters),
  };
}

/** The configuration's fields as the contract's `WebConfigurationSchema` accepts them. */
export function parseWebConfiguration(value: unknown): WebConfiguration {
  if (!isObject(value) || !isObject(value['oidc'])) {
    throw new TypeError('configuration: not an object with oidc settings');
  }
  const oidc = value['oidc'];
  const idleTimeoutMinutes = value['idleTimeoutMinutes'];
  if (
    typeof idleTimeoutMinutes !== 'number' ||
    !Number.isSafeInteger(idleTimeoutMinutes) ||
    idleTimeoutMinutes <= 0
  ) {
    throw new TypeError('configuration: idleTimeoutMinutes is not a positive whole number');
  }
  const authorizeParameters = parameters(oidc, 'authorizeParameters');
  const tokenParameters = parameters(oidc, 'tokenParameters');
  const selfService = selfServiceOf(value);
  return {
    oidc: {
      issuer: text(oidc, 'issuer'),
      clientId: text(oidc, 'clientId'),
      audience: text(oidc, 'audience'),
      scope: text(oidc, 'scope'),
      ...(authorizeParameters && { authorizeParameters }),
      ...(tokenParameters && { tokenParameters }),
    },
    ...(selfService && { selfService }),
    accountSecurity: accountSecurityOf(value),
    imprintUrl: textOrNull(value, 'imprintUrl'),
    privacyUrl: textOrNull(value, 'privacyUrl'),
    legalLinkPlaceholders: flag(value, 'legalLinkPlaceholders'),
    accessibilityContact: text(value, 'accessibilityContact'),
    portalName: textOrNull(value, 'portalName'),
    logoUrl: textOrNull(value, 'logoUrl'),
    idleTimeoutMinutes,
  };
}

/** The provider, client, audience and scope of this deployment, served by the api at start. */
export async function loadWebConfiguration(signal?: AbortSignal): Promise<WebConfiguration> {
  const response = await fetch(CONFIGURATION_PATH, {
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`${CONFIGURATION_PATH} answered ${response.status}`);
  return parseWebConfiguration(await response.json());
}
