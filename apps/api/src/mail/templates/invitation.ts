import { userText, type MailTemplate } from '../render.ts';

export interface InvitationParams {
  practiceName: string;
  inviterName: string;
  /** The portal page where the invitee accepts or declines (valid 7 days). */
  link: URL;
}

export const invitation: MailTemplate<InvitationParams> = {
  de: ({ practiceName, inviterName, link }) => ({
    subject: 'Einladung ins Praxisportal',
    blocks: [
      `${userText(inviterName)} lädt Sie ein, im Praxisportal der Praxis „${userText(practiceName)}“ mitzuarbeiten.`,
      'Melden Sie sich mit dieser E-Mail-Adresse an (oder registrieren Sie sich damit) und nehmen Sie die Einladung an oder lehnen Sie sie ab. Die Einladung ist 7 Tage gültig.',
      { link, label: 'Einladung ansehen' },
      'Wenn Sie die Einladung nicht erwartet haben, ignorieren Sie diese E-Mail bitte. Ohne Ihre Zustimmung werden Sie keiner Praxis zugeordnet.',
    ],
  }),
  en: ({ practiceName, inviterName, link }) => ({
    subject: 'Invitation to the Practice Portal',
    blocks: [
      `${userText(inviterName)} invites you to join the practice “${userText(practiceName)}” in the Practice Portal.`,
      'Sign in with this e-mail address (or register with it) and accept or decline the invitation. The invitation is valid for 7 days.',
      { link, label: 'View invitation' },
      'If you did not expect this invitation, please ignore this e-mail. You will not join any practice unless you accept.',
    ],
  }),
};
