// After the whole test run (issue 14): no e-mail address, token, password or link secret in any
// log line that the api, the embedded provider or the portal wrote during the tests. The api
// tests and the end-to-end harness keep their logs in test-logs/; this reads every file there.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDER = fileURLToPath(new URL('../test-logs/', import.meta.url));

const PATTERNS = [
  ['e-mail address', /[\w.+-]+(?:@|%40)[\w-]+\.[a-z][\w.-]*/i],
  ['token (JWT)', /eyJ[\w-]{10,}\.[\w-]{10,}/],
  // The passwords the tests and the demo data use.
  ['password', /\b[A-Z][a-z]+-(?:Passwort|Portal)-\d+\b/],
  ['link secret', /[?&#](?:token|code|key|secret)=[\w.~-]{16,}/i],
  // The second factor (decisions 0064, 0065): an authenticator secret (160 bits of base32, or
  // the URI that carries it) and a recovery code with a digit (most have one; words have none).
  ['authenticator secret', /\b[A-Z2-7]{32}\b|otpauth:\/\//],
  ['recovery code', /\b(?=[a-z-]{0,10}[2-7])[a-z2-7]{5}-[a-z2-7]{5}\b/],
  // A person's data export (decision 0079): its format marker or its sections' names, which
  // only the export's answer carries; its content never reaches a log.
  [
    'personal data export',
    /practice-portal-personal-data\/|"(?:invitationsReceived|invitationsSent|consentRecords|auditEntries)"/,
  ],
];

// `--clear` at the start of a run: only this run's logs count.
if (process.argv.includes('--clear')) {
  await rm(FOLDER, { recursive: true, force: true });
  process.exit(0);
}

const files = (await readdir(FOLDER).catch(() => [])).filter((name) => name.endsWith('.log'));
if (files.length === 0) {
  console.error(`No test logs in ${FOLDER}: run the tests first (npm test).`);
  process.exit(1);
}

let lines = 0;
const findings = [];
for (const name of files) {
  const text = await readFile(path.join(FOLDER, name), 'utf8');
  for (const [index, line] of text.split('\n').entries()) {
    // The development banner names the public demo sign-in on purpose (README, docs/product.md §7).
    if (!line || /^\s*Demo sign-in: /.test(line)) continue;
    lines++;
    for (const [what, pattern] of PATTERNS) {
      const match = pattern.exec(line);
      if (match)
        findings.push(`${name}:${index + 1}: ${what} "${match[0]}": ${line.slice(0, 300)}`);
    }
  }
}

console.log(`Scanned ${lines} log lines in ${files.length} files of the test run.`);
if (findings.length > 0) {
  console.error(`${findings.length} log lines hold what logs must not:`);
  for (const finding of findings.slice(0, 50)) console.error(`  ${finding}`);
  process.exit(1);
}
console.log(
  'No e-mail address, token, password, link secret, authenticator secret, recovery code or exported personal data in any of them.',
);
