import { createContext, useContext } from 'react';
import type { WebConfiguration } from '@pp/contract';

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
