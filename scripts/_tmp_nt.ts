import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../e2e/support/demo-users.ts';
import { startPortalServer } from '../e2e/support/portal-server.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.ts';
const portal = await startPortalServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  page.on('framenavigated', (f) => console.log('A nav', f.url().slice(0, 120)));
  await page.goto(`${portal.url}/dashboard`);
  await page.waitForSelector('input[autocomplete="current-password"]', { visible: true });
  await page.type('input[autocomplete="username"]', DEMO_USERS[0].email);
  await page.type('input[autocomplete="current-password"]', DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  await page.waitForSelector('main h1', { visible: true, timeout: 30_000 });
  console.log('cookies', (await browser.cookies?.() ?? []).map?.((c: any) => `${c.name}@${c.domain}:${c.port ?? ''} ${c.sameSite}`));
  await page.close();
  const b = await browser.newPage();
  b.on('framenavigated', (f) => console.log('B nav', f.url().slice(0, 160)));
  b.on('console', (m) => console.log('B console', m.text().slice(0, 200)));
  await b.goto(`${portal.url}/dashboard`);
  await new Promise((r) => setTimeout(r, 6000));
  console.log('B ends on', b.url());
  await browser.disconnect();
} finally { chrome.kill(); await portal.stop(); }
