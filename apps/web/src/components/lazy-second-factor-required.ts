import { lazy } from 'react';

// Shown only while the active practice refuses for a missing second factor: not in the first
// screen. Declared here, in the first screen's shell, so that loading them needs no preload list
// in the dashboard's own chunk (its budget, scripts/check-bundle-size.mjs).
const load = () => import('./second-factor-required.tsx');

/** In place of a practice screen. */
export const SecondFactorPanel = lazy(() =>
  load().then((module) => ({ default: module.SecondFactorPanel })),
);

/** On the dashboard. */
export const SecondFactorNotice = lazy(() =>
  load().then((module) => ({ default: module.SecondFactorNotice })),
);
