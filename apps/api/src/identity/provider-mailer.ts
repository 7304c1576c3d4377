import { browserLine, type IdentityMail, type IdentityMailer } from '@pp/idp';
import { enqueueMail, type MailSite, type OutgoingMail } from '../mail/outbox.ts';
import { checkMailQuota } from '../mail/quota.ts';

function outgoing(mail: IdentityMail): OutgoingMail {
  const envelope = { to: mail.to, language: mail.language, actorCustomerId: null };
  switch (mail.kind) {
    case 'account-verification':
      return {
        ...envelope,
        template: 'account-verification',
        params: { link: mail.link, validHours: mail.validHours },
      };
    case 'account-exists':
      return {
        ...envelope,
        template: 'account-exists',
        params: { signInLink: mail.signInLink, resetLink: mail.resetLink },
      };
    case 'password-reset':
      return {
        ...envelope,
        template: 'password-reset',
        params: { link: mail.link, validMinutes: mail.validMinutes },
      };
    case 'new-browser-sign-in':
      return {
        ...envelope,
        template: 'new-browser-sign-in',
        params: {
          when: timeInGermany(mail.at, mail.language),
          browser: browserLine(mail.userAgent, mail.language === 'de' ? 'unter' : 'on'),
          link: mail.securityLink,
        },
      };
    case 'second-factor-failures':
      return {
        ...envelope,
        template: 'second-factor-failures',
        params: { when: timeInGermany(mail.at, mail.language), link: mail.securityLink },
      };
    case 'second-factor-changed':
      return {
        ...envelope,
        template: 'second-factor-changed',
        params: {
          change: mail.change,
          passkeyName: mail.passkeyName,
          when: timeInGermany(mail.at, mail.language),
          browser: browserLine(mail.userAgent, mail.language === 'de' ? 'unter' : 'on'),
          link: mail.securityLink,
        },
      };
  }
}

/** A moment as the portal's people read it: their day and time in Germany, with the zone. */
function timeInGermany(at: Date, language: 'de' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
    timeZoneName: 'short',
  }).format(at);
}

/**
 * The embedded provider's mails go through the api's outbox, in the provider's transaction and
 * within the mail limits (docs/product.md §6); a mail past a limit is held back, and the provider
 * answers as if it went out.
 */
export function providerMailer(site: MailSite): IdentityMailer {
  return {
    async send(tx, mail) {
      const out = outgoing(mail);
      const subject = { recipient: mail.to, actorCustomerId: null, template: out.template };
      if (await checkMailQuota(tx, subject)) return false;
      await enqueueMail(tx, out, site);
      return true;
    },
  };
}
