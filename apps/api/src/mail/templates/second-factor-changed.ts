import type { MailTemplate } from '../render.ts';

export type SecondFactorChangeKind =
  'app-added' | 'app-removed' | 'recovery-codes-renewed' | 'passkey-added' | 'passkey-removed';

export interface SecondFactorChangedParams {
  change: SecondFactorChangeKind;
  /** The passkey's name, for a passkey added or removed. */
  passkeyName?: string | undefined;
  /** When, already written out in the mail's language. */
  when: string;
  /** "Firefox 128 unter Windows 10" and the like: the browser that made the change. */
  browser: string;
  link: URL;
}

const WHAT_DE: Record<SecondFactorChangeKind, (name: string) => string> = {
  'app-added': () => 'wurde eine Authenticator-App als zweiter Faktor eingerichtet',
  'app-removed': () =>
    'wurde die Authenticator-App entfernt; die Wiederherstellungscodes gelten nicht mehr',
  'recovery-codes-renewed': () =>
    'wurden neue Wiederherstellungscodes erstellt; die bisherigen gelten nicht mehr',
  'passkey-added': (name) => `wurde der Passkey „${name}“ hinzugefügt`,
  'passkey-removed': (name) => `wurde der Passkey „${name}“ entfernt`,
};

const WHAT_EN: Record<SecondFactorChangeKind, (name: string) => string> = {
  'app-added': () => 'an authenticator app was set up as a second factor',
  'app-removed': () => 'the authenticator app was removed; the recovery codes no longer work',
  'recovery-codes-renewed': () => 'new recovery codes were made; the previous ones no longer work',
  'passkey-added': (name) => `the passkey “${name}” was added`,
  'passkey-removed': (name) => `the passkey “${name}” was removed`,
};

/** After a second factor of the account was added, removed or renewed (issue 41, finding 3). */
export const secondFactorChanged: MailTemplate<SecondFactorChangedParams> = {
  de: ({ change, passkeyName, when, browser, link }) => ({
    subject: 'Ihre Anmeldung im Praxisportal wurde geändert',
    blocks: [
      `Bei Ihrem Konto im Praxisportal ${WHAT_DE[change](passkeyName ?? '')} – am ${when}, in ${browser}.`,
      'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, vergeben Sie bitte sofort ein neues Passwort, melden Sie auf der Seite „Sicherheit“ alle Sitzungen ab und prüfen Sie dort Ihre zweiten Faktoren.',
      { link, label: 'Sicherheit ansehen' },
    ],
  }),
  en: ({ change, passkeyName, when, browser, link }) => ({
    subject: 'How you sign in to the Practice Portal was changed',
    blocks: [
      `For your Practice Portal account, ${WHAT_EN[change](passkeyName ?? '')} – on ${when}, in ${browser}.`,
      'If that was you, there is nothing to do. If not, please choose a new password at once, sign out everywhere on the "Security" page and check your second factors there.',
      { link, label: 'See security' },
    ],
  }),
};
