import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { API_BASE, type Customer, type WebConfiguration } from '@pp/contract';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';
import { clara, englishPicklists, picklists } from './demo-customers.ts';

const translations: Record<string, unknown> = { 'de.json': de, 'en.json': en };

export const webConfiguration: WebConfiguration = {
  oidc: { issuer: 'http://localhost:3001', clientId: 'portal', audience: 'api', scope: 'openid' },
  imprintUrl: 'https://provider.example.com/impressum',
  privacyUrl: 'https://provider.example.com/datenschutz',
  idleTimeoutMinutes: 30,
};

/** Requests to the api, in the order they arrived: `GET Customer/GetCustomerData`. */
export const apiRequests: { call: string; authorization: string | null }[] = [];

const api = (path: string, resolver: HttpResponseResolver) =>
  http.get(`*${API_BASE}/${path}`, (info) => {
    apiRequests.push({ call: path, authorization: info.request.headers.get('authorization') });
    return resolver(info);
  });

export const problem = (status: number, code: string) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, code },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/** The network of the web app: translation files, its configuration and the startup calls. */
export function portalHandlers(customer: Customer = clara) {
  return [
    http.get('*/assets/i18n/:file', ({ params }) => {
      const body = translations[String(params['file'])];
      return body ? HttpResponse.json(body) : new HttpResponse(null, { status: 404 });
    }),
    http.get('*/app-config.json', () => HttpResponse.json(webConfiguration)),
    api('Customer/GetCustomerData', () => HttpResponse.json(customer)),
    api('Utility/EmailProhibitedAlias', () => HttpResponse.json(['info', 'praxis'])),
    api('Customer/GetPicklists', ({ request }) =>
      HttpResponse.json(
        request.headers.get('accept-language') === 'en' ? englishPicklists : picklists,
      ),
    ),
  ];
}

/** One server per test file; tests replace single answers with `server.use(...)`. */
export function createPortalServer() {
  return setupServer(...portalHandlers());
}

export { api as apiHandler };
