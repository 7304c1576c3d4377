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
  return {
    oidc: {
      issuer: text(oidc, 'issuer'),
      clientId: text(oidc, 'clientId'),
      audience: text(oidc, 'audience'),
      scope: text(oidc, 'scope'),
    },
    imprintUrl: textOrNull(value, 'imprintUrl'),
    privacyUrl: textOrNull(value, 'privacyUrl'),
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
