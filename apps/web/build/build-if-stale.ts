// `npm start`'s first step: builds the web app only when its sources changed since the last build.
import { buildWebIfStale } from './stale-build.ts';

const started = Date.now();
const outcome = buildWebIfStale();
process.stdout.write(
  outcome === 'built'
    ? `web app built in ${Math.round((Date.now() - started) / 1000)} s\n`
    : 'web app up to date: no build needed\n',
);
