import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WEB_CONFIGURATION_PATH, WebConfigurationSchema } from '@pp/contract';
import { accountSecurityOf } from '../lib/account-security/account-security.ts';

/**
 * One build of the web app serves every environment: it learns the identity provider, client,
 * audience, links, name, logo, idle timeout and the provider's pages of the second factor
 * here at start. Public: none of it is secret. The request
 * parameters and self-service pages appear only where they differ from the generic provider's.
 */
export default async function portalConfiguration(app: FastifyInstance) {
  const { oidc, administration, imprintUrl, privacyUrl, portalName, logoUrl, idleTimeoutMinutes } =
    app.config;
  const answer = {
    oidc: {
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      audience: oidc.audience,
      scope: oidc.webScope,
      ...(oidc.provider === 'generic'
        ? {}
        : {
            authorizeParameters: oidc.requestParameters.authorize,
            tokenParameters: oidc.requestParameters.token,
          }),
    },
    ...(administration.kind === 'self-service'
      ? {
          selfService: {
            passwordUrl: administration.passwordUrl,
            accountUrl: administration.accountUrl,
          },
        }
      : {}),
    accountSecurity: accountSecurityOf(app.config),
    imprintUrl: imprintUrl ?? null,
    privacyUrl: privacyUrl ?? null,
    legalLinkPlaceholders: app.config.env !== 'production',
    accessibilityContact: app.config.accessibilityContact,
    portalName,
    logoUrl,
    idleTimeoutMinutes,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      WEB_CONFIGURATION_PATH,
      { schema: { hide: true, response: { 200: WebConfigurationSchema } } },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-cache');
        return answer;
      },
    );
}
