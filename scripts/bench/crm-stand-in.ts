// The stand-in Dataverse of `npm run bench:crm`, in a process of its own so that the portal's
// memory is measured alone: seeded with a generated organisation (apps/dataverse-stand-in/src/
// organisation.ts), enforcing Dataverse's service protection limits, its test controls over
// HTTP. Prints one JSON line (`url`, `seedMs`, the tables' sizes) when it listens.
//
//   node --import tsx scripts/bench/crm-stand-in.ts '{"contacts":1000000,…}'
import { ORGANISATION_SIZE, startDataverseStandIn } from '@pp/dataverse-stand-in';

const size = { ...ORGANISATION_SIZE, ...(JSON.parse(process.argv[2] ?? '{}') as object) };
const started = performance.now();
const standIn = await startDataverseStandIn({
  demo: false,
  organisation: size,
  serviceProtection: true,
  httpControls: true,
  seenLimit: 0,
});
const seedMs = Math.round(performance.now() - started);
process.stdout.write(`${JSON.stringify({ url: standIn.url, seedMs, size })}\n`);
const stop = () => void standIn.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
