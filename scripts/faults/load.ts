import { API_BASE, NEWSLETTER_CONSENT_VERSION } from '@pp/contract';
import type { LoadFixtures, LoadUser } from './fixtures.ts';
import { send, type Answers } from './http-client.ts';
import type { Ledger, NewsletterChoice, Write } from './ledger.ts';
import { sleep } from './processes.ts';
import { REFUSED_DOMAIN } from './smtp-sink.ts';

export interface LoadOptions {
  /** Where the clients send their requests (the proxy, or one instance). */
  baseUrl: () => string;
  fixtures: LoadFixtures;
  ledger: Ledger;
  answers: Answers;
  /** Pause of each client between two requests: the load stays bounded. */
  pauseMs: number;
  /** Each client invites someone this often (0: never), at most `invitations` times. */
  inviteEveryMs: number;
  invitations: number;
}

const subset = (codes: string[], bits: number) => codes.filter((_, i) => (bits >> i) & 1);

/**
 * A newsletter choice per attempt number, none repeated within a client's run (up to
 * (2^d - 1) · 2^i attempts for d distributors and i interests): every acknowledged one widens
 * what waits for confirmation and asks for it anew (decision 0077).
 */
function choiceOf(n: number, fixtures: LoadFixtures): NewsletterChoice {
  const span = 2 ** fixtures.distributors.length - 1;
  return {
    subscribed: true,
    distributors: subset(fixtures.distributors, (n % span) + 1),
    interests: subset(fixtures.interests, Math.floor(n / span)),
  };
}

/** One client: its user's own writes and reads in turn, each write recorded in the ledger. */
async function runClient(
  index: number,
  user: LoadUser,
  options: LoadOptions,
  stopped: () => boolean,
) {
  const { fixtures, ledger, answers } = options;
  let invited = 0;
  let lastInvite = 0;
  const call = async (method: string, path: string, body?: unknown) =>
    send(answers, `${options.baseUrl()}${API_BASE}${path}`, {
      method,
      token: await user.token(),
      body,
    });
  const write = async (entry: Write, method: string, path: string, body: unknown) => {
    const reply = await call(method, path, body);
    ledger.record(entry, reply.answer);
    if (reply.answer === 503 || typeof reply.answer === 'string') await sleep(250);
  };

  for (let n = 0; !stopped(); n += 1) {
    const tag = `${String(index).padStart(2, '0')}${String(n).padStart(6, '0')}`;
    if (
      options.inviteEveryMs > 0 &&
      invited < options.invitations &&
      Date.now() - lastInvite > options.inviteEveryMs
    ) {
      // The first invitation of each client goes to an address the mail server refuses for good.
      const domain = invited === 0 ? REFUSED_DOMAIN : 'invited.example.com';
      const email = `inv-${tag}@${domain}`;
      invited += 1;
      lastInvite = Date.now();
      await write(
        { kind: 'invitation', companyId: user.companyId, email },
        'POST',
        '/Employee/InviteEmployee',
        {
          companyId: user.companyId,
          email,
        },
      );
    } else if (n % 5 === 0) {
      const phone = `+49 30 ${tag}`;
      await write(
        { kind: 'phone', customerId: user.customerId, phone },
        'PATCH',
        '/Customer/UpdateCustomerData',
        {
          phone,
        },
      );
    } else if (n % 5 === 1) {
      const name = `Standort ${tag}`;
      await write(
        { kind: 'location', companyId: user.companyId, name },
        'POST',
        '/Location/CreateLocation',
        {
          companyId: user.companyId,
          name,
          street: 'Teststraße 1',
          postalCode: '10115',
          city: 'Berlin',
        },
      );
    } else if (n % 5 === 2) {
      const choice = choiceOf(n, fixtures);
      await write(
        { kind: 'preferences', customerId: user.customerId, choice },
        'PATCH',
        '/Preferences/UpdatePreferences',
        {
          ...choice,
          wordingVersion: NEWSLETTER_CONSENT_VERSION,
        },
      );
    } else if (n % 5 === 3) {
      await call('GET', '/Preferences/GetCurrentPreferences');
    } else {
      await call(
        'GET',
        `/Location/GetLocations?parentId=${user.companyId}&contactId=${user.customerId}&pageSize=10`,
      );
    }
    await sleep(options.pauseMs);
  }
}

/** Starts one client per user; `stop` lets each finish its request and resolves when all did. */
export function startLoad(options: LoadOptions): { stop(): Promise<void> } {
  let stopped = false;
  const clients = options.fixtures.users.map((user, index) =>
    runClient(index, user, options, () => stopped),
  );
  return {
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}
