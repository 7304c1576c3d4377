import type { FastifyInstance } from 'fastify';
import { pageRoute } from '../app/page-route.ts';
import { sendPage } from '../app/send-page.ts';
import type { PageStep } from '../app/sent.ts';
import { issueFormToken } from '../forms/form-token.ts';
import { pageLocale } from '../forms/locale.ts';
import { ACCOUNT_PAGES } from '../forms/paths.ts';
import { readLinkQuery } from '../forms/read.ts';
import { returnPath } from '../forms/return-path.ts';
import type { FormDeps } from '../forms/types.ts';
import { registerPage } from './page.ts';
import { resendForm } from './resend.ts';
import { submitRegistration } from './submit.ts';
import { showConfirmation, submitConfirmation } from './verify.ts';

/** Registration with e-mail confirmation (decision 0020). */
export function registerRoutes(app: FastifyInstance, deps: FormDeps): void {
  const { register, verify, resend } = ACCOUNT_PAGES;
  const showRegistration: PageStep = (request, reply) => {
    const query = readLinkQuery(request.query);
    const locale = pageLocale(request, query.lang);
    const csrfToken = issueFormToken(deps, request, reply);
    const { links, portalUrl } = deps.options;
    const returnTo = returnPath(portalUrl, query.return);
    const page = { locale, links, portalUrl, csrfToken, email: '', returnTo };
    return sendPage(reply, 200, registerPage(page));
  };
  pageRoute(app, register, {
    GET: showRegistration,
    POST: (request, reply) => submitRegistration(deps, request, reply),
  });
  pageRoute(app, verify, {
    GET: (request, reply) => showConfirmation(deps, request, reply),
    POST: (request, reply) => submitConfirmation(deps, request, reply),
  });
  pageRoute(app, resend, {
    GET: (request, reply) => resendForm.show(deps, request, reply),
    POST: (request, reply) => resendForm.submit(deps, request, reply),
  });
}
