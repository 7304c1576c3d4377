import { userText, type MailTemplate } from '../render.ts';

export interface ConnectRequestParams {
  practiceName: string;
  /** The requester's name, or their e-mail address when they have not entered a name. */
  requesterName: string;
  /** The practice's employee list, where admins approve or decline. */
  link: URL;
}

/** To the admins of a practice when someone asked to join it. */
export const connectRequest: MailTemplate<ConnectRequestParams> = {
  de: ({ practiceName, requesterName, link }) => ({
    subject: 'Neue Anfrage zum Beitritt zu Ihrer Praxis',
    blocks: [
      `${userText(requesterName)} möchte im Praxisportal der Praxis „${userText(practiceName)}“ beitreten.`,
      'Sie können die Anfrage in der Mitarbeiterübersicht freigeben oder ablehnen. Solange Sie sie nicht freigeben, hat die Person keinen Zugriff auf die Praxis.',
      { link, label: 'Zur Mitarbeiterübersicht' },
    ],
  }),
  en: ({ practiceName, requesterName, link }) => ({
    subject: 'New request to join your practice',
    blocks: [
      `${userText(requesterName)} asked to join the practice “${userText(practiceName)}” in the Practice Portal.`,
      'You can approve or decline the request in the employee list. Until you approve it, this person has no access to the practice.',
      { link, label: 'Go to the employee list' },
    ],
  }),
};
