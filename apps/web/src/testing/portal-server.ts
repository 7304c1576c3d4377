import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  API_BASE,
  calls,
  CustomerUpdateSchema,
  type Customer,
  type WebConfiguration,
} from '@pp/contract';
import de from '../../public/assets/i18n/de.json';
import en from '../../public/assets/i18n/en.json';
import { onCall } from './call-handler.ts';
import { clara, englishPicklists, picklists } from './demo-customers.ts';
import { fakeLocations } from './fake-locations.ts';
import { fakePractices } from './fake-practices.ts';

const translations: Record<string, unknown> = { 'de.json': de, 'en.json': en };

/**
 * The account actions of the provider's configuration (decision 0073), for tests of another
 * provider's; the embedded provider runs every one as its `pp_action` (decision 0064).
 */
export const accountSecurityOf = {
  embedded: {
    pageUrl: null,
    actions: {
      'step-up': { pp_action: 'step-up' },
      'configure-totp': { pp_action: 'configure-totp' },
      'remove-totp': { pp_action: 'remove-totp' },
      'new-recovery-codes': { pp_action: 'new-recovery-codes' },
      'add-passkey': { pp_action: 'add-passkey' },
      'remove-passkey': { pp_action: 'remove-passkey' },
    },
  },
  keycloak: {
    pageUrl: 'https://id.example.com/realms/praxis/account/account-security/signing-in',
    actions: {
      'step-up': { kc_action: 'CONFIGURE_TOTP' },
      'configure-totp': { kc_action: 'CONFIGURE_TOTP' },
      'add-passkey': { kc_action: 'webauthn-register-passwordless' },
    },
  },
  entra: {
    pageUrl: 'https://mysignins.microsoft.com/security-info',
    actions: {
      'step-up': { claims: '{"access_token":{"acrs":{"essential":true,"value":"c1"}}}' },
    },
  },
  /** Entra ID without an authentication context (`SECOND_FACTOR_ACR` unset): only the page. */
  entraWithoutContext: { pageUrl: 'https://mysignins.microsoft.com/security-info', actions: {} },
  auth0: {
    pageUrl: null,
    actions: {
      'step-up': { acr_values: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor' },
    },
  },
  generic: { pageUrl: null, actions: {} },
} satisfies Record<string, WebConfiguration['accountSecurity']>;

export const webConfiguration: WebConfiguration = {
  oidc: { issuer: 'http://localhost:3001', clientId: 'portal', audience: 'api', scope: 'openid' },
  accountSecurity: accountSecurityOf.embedded,
  imprintUrl: 'https://provider.example.com/impressum',
  privacyUrl: 'https://provider.example.com/datenschutz',
  legalLinkPlaceholders: true,
  portalName: null,
  logoUrl: null,
  accessibilityContact: 'barrierefreiheit@example.com',
  idleTimeoutMinutes: 30,
};

export interface SeenRequest {
  method: string;
  url: URL;
  authorization: string | null;
}

/** Every request of the current test, in the order it was made (cleared after each test). */
export const requests: SeenRequest[] = [];

/** The api calls of the current test: `{ call: 'Customer/GetCustomerData', authorization }`. */
export function apiCalls() {
  return requests
    .filter(({ url }) => url.pathname.startsWith(`${API_BASE}/`))
    .map(({ url, authorization }) => ({
      call: url.pathname.slice(API_BASE.length + 1),
      authorization,
    }));
}

export { problem } from './problem.ts';

/** The network of the web app: translation files, its configuration and the startup calls. */
export function portalHandlers(customer: Customer = clara) {
  return [
    http.get('*/assets/i18n/:file', ({ params }) => {
      const body = translations[String(params['file'])];
      return body ? HttpResponse.json(body) : new HttpResponse(null, { status: 404 });
    }),
    http.get('*/app-config.json', () => HttpResponse.json(webConfiguration)),
    onCall(calls.customerGetCustomerData, () => HttpResponse.json(customer)),
    onCall(calls.utilityEmailProhibitedAlias, () => HttpResponse.json(['info', 'praxis'])),
    onCall(calls.customerGetPicklists, ({ request }) =>
      HttpResponse.json(
        request.headers.get('accept-language') === 'en' ? englishPicklists : picklists,
      ),
    ),
    // The shell loads the active practice's locations after the startup; screens read practices.
    ...fakeLocations().reads,
    ...fakePractices({ customer }).reads,
    // `/my-practice` asks for the user's pending invitations: none unless a test has some.
    onCall(calls.employeeGetMyInvitations, () => HttpResponse.json([])),
    // The profile asks for notices of changes the CRM kept its value for: none unless a test
    // has some.
    onCall(calls.customerGetNotices, () => HttpResponse.json({ notices: [] })),
    // The header's language switch saves the preferred language in the background.
    onCall(calls.customerUpdateCustomerData, async ({ request }) =>
      HttpResponse.json({ ...customer, ...CustomerUpdateSchema.parse(await request.json()) }),
    ),
  ];
}

/**
 * The one server of the web tests, started by `setup-test-env.ts` with the portal's handlers;
 * a test replaces single answers with `server.use(...)`, reset after each test.
 */
export const server = setupServer(...portalHandlers());

server.events.on('request:start', ({ request }) => {
  requests.push({
    method: request.method,
    url: new URL(request.url),
    authorization: request.headers.get('authorization'),
  });
});
