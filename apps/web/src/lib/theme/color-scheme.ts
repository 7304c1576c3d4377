import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * localStorage key of the chosen colour scheme. `public/color-scheme.js` reads the same key
 * before the first paint, so keep the two in step.
 */
export const COLOR_SCHEME_KEY = 'pp.color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
