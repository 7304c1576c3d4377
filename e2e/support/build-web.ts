// The end-to-end run serves the same build `npm start` makes, built only when its sources changed.
export { buildWebIfStale } from '../../apps/web/build/stale-build.ts';
