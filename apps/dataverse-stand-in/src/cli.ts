import { parseArgs } from 'node:util';
import { EXAMPLE_CREDENTIALS, portalDataverseSettings, startDataverseStandIn } from './index.ts';

// `npm run crm:stand-in -- --port 5555`: starts the stand-in Dataverse with the demo data and
// prints the settings that point the portal at it, and a curl line to read its rows.

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5555' },
    host: { type: 'string', default: '127.0.0.1' },
    empty: { type: 'boolean', default: false },
    controls: { type: 'boolean', default: false },
    'without-portal-solution': { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}

const standIn = await startDataverseStandIn({
  port,
  host: values.host,
  demo: !values.empty,
  httpControls: values.controls,
  portalSolution: !values['without-portal-solution'],
});
const { tenantId, clientId, clientSecret } = EXAMPLE_CREDENTIALS;
const lines = [
  `Dataverse stand-in listening on ${standIn.url} (Web API: ${standIn.apiUrl})`,
  '',
  'Point the portal at it with:',
  '',
  ...Object.entries(portalDataverseSettings(standIn.url)).map(
    ([name, value]) => `  export ${name}=${value}`,
  ),
  '',
  'Any GUIDs as tenant and client id and any non-empty secret are accepted.',
  'Read its rows with a token:',
  '',
  `  TOKEN=$(curl -s -d grant_type=client_credentials -d client_id=${clientId} \\`,
  `    -d client_secret=${clientSecret} -d scope=${standIn.url}/.default \\`,
  `    ${standIn.url}/${tenantId}/oauth2/v2.0/token | sed 's/.*"access_token":"\\([^"]*\\)".*/\\1/')`,
  `  curl -s -H "Authorization: Bearer $TOKEN" '${standIn.apiUrl}/contacts?$select=firstname,lastname,emailaddress1'`,
  '',
  values.controls
    ? `Test controls: POST ${standIn.url}/_stand-in/{throttle,expire-tokens,expire-change-tracking,suspend,edit,remove,refuse,option-label,organisation}, GET ${standIn.url}/_stand-in/seen`
    : 'Start with --controls to steer it over HTTP (throttle, expire tokens, suspend, edit rows).',
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);

const shutdown = () => {
  void standIn.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
