import { createContext, useContext } from 'react';
import {
  WEB_CONFIGURATION_PATH,
  WebConfigurationSchema,
  type WebConfiguration,
} from '@pp/contract';

/** The provider, client, audience and scope of this deployment, served by the api at start. */
export async function loadWebConfiguration(signal?: AbortSignal): Promise<WebConfiguration> {
  const response = await fetch(WEB_CONFIGURATION_PATH, {
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`${WEB_CONFIGURATION_PATH} answered ${response.status}`);
  return WebConfigurationSchema.parse(await response.json());
}

/** The configuration the session loaded for sign-in; the app reads it here, never again by HTTP. */
export const WebConfigurationContext = createContext<WebConfiguration | null>(null);

/** The deployment's settings: links of the footer, the idle timeout. */
export function useWebConfiguration(): WebConfiguration {
  const configuration = useContext(WebConfigurationContext);
  if (!configuration) {
    throw new Error('useWebConfiguration needs a WebConfigurationContext provider above it');
  }
  return configuration;
}
