import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { useIdp } from './support/provider.ts';
import { codeOfRedirects, newAccount, passwordStep, setUpApp } from './support/sign-in-steps.ts';

const idp = useIdp();
beforeEach(async () => {
  await idp.database.database.db.execute(sql`delete from idp_throttle`);
});

it('repro: password then resume', async () => {
  const email = await newAccount(idp);
  await setUpApp(idp, email);
  let codes = 0;
  for (let i = 0; i < 4; i++) {
    const step = await passwordStep(idp, email);
    expect(step.html).toMatch(/id="code"/);
    await sleep(300);
    const code = await codeOfRedirects(idp, step.browser, `/auth/${step.uid}`);
    if (code) codes++;
  }
  expect(codes).toBe(0);
});
