import { randomUUID } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { calls } from '@pp/contract';
import type { z } from 'zod';
import { startPortalServer } from './portal-server.ts';
import { sharedPortal, type Portal } from './portal.ts';
import { recordToasts } from './toasts.ts';

type CreateUserBody = z.input<NonNullable<typeof calls.atestCreateUser.body>>;

export interface TestUser {
  email: string;
  password: string;
  /** First and last name as the portal shows them. */
  name: string;
  customerId: string;
  practiceIds: string[];
}

export type CreateUser = (input?: Partial<CreateUserBody>) => Promise<TestUser>;

interface Fixtures {
  /** The portal the global setup started, shared by all specs. */
  portal: Portal;
  /** A user of its own for this test: account and customer, written by a test endpoint. */
  createUser: CreateUser;
}

interface WorkerFixtures {
  /** A portal of its own whose provider is on another site (reached as 127.0.0.1). */
  crossSitePortal: Portal;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Every page notes the messages it shows, for expectToast (toasts.ts).
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
  portal: async ({}, use) => {
    await use(sharedPortal());
  },

  createUser: async ({ portal, request }, use) => {
    await use(async (input = {}) => {
      const body: CreateUserBody = {
        email: `e2e-${randomUUID().slice(0, 12)}@example.com`,
        password: `Test-${randomUUID()}`,
        firstName: 'Erika',
        // A person's name has letters only (decision 0049): the digits of the id become letters.
        lastName: `Test-${randomUUID()
          .slice(0, 6)
          .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`,
        ...input,
      };
      const response = await request.post(`${portal.url}/api/v1${calls.atestCreateUser.path}`, {
        data: body,
      });
      expect(response.status(), await response.text()).toBe(201);
      const created = calls.atestCreateUser.response.parse(await response.json());
      return {
        email: body.email,
        password: body.password,
        name: [body.firstName, body.lastName].filter(Boolean).join(' '),
        ...created,
      };
    });
  },

  crossSitePortal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, use) => {
      const server = await startPortalServer({ providerHost: '127.0.0.1', recordStore: 'builtin' });
      await use({ url: server.url, issuer: server.issuer });
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect };
