import { inArray } from 'drizzle-orm';
import type { Language, PersonalDataExport, PicklistName } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { picklistValues } from '../../db/schema.ts';
import { MEMBERSHIP_WORDS, TITLES } from '../employees/export-columns.ts';

/** A part of the export without its labels. */
type Bare<T> = T extends readonly (infer U)[]
  ? Bare<U>[]
  : T extends object
    ? { [K in keyof T as K extends `${string}Label` | `${string}Labels` ? never : K]: Bare<T[K]> }
    : T;

/** The export without its labels: what the parts read from the database. */
export type Unlabelled = Bare<Omit<PersonalDataExport, 'language' | 'parts' | 'format'>>;

/** The screens' words for the codes (de.json / en.json `ROLES`, `EMPLOYEES`, `PERSONAL_DATA`). */
const TEXTS = {
  de: {
    languages: { de: 'Deutsch', en: 'Englisch' },
    ...MEMBERSHIP_WORDS.de,
    practiceStatuses: { enabled: 'Aktiv', disabled: 'Deaktiviert' },
    states: {
      open: 'offen',
      accepted: 'angenommen',
      declined: 'abgelehnt',
      revoked: 'zurückgezogen',
      expired: 'abgelaufen',
    },
    parts: {
      profile: 'Ihr Profil',
      memberships: 'Ihre Praxen und Rollen',
      invitationsReceived: 'Erhaltene Einladungen',
      invitationsSent: 'Von Ihnen versendete Einladungen',
      joinRequests: 'Ihre Beitrittsanfragen',
      pendingEmailChanges: 'Noch nicht bestätigte Änderungen Ihrer E-Mail-Adresse',
      newsletter: 'Newsletter und Einwilligungen',
      signIn: 'Anmeldedaten',
      auditEntries: 'Protokolleinträge über Sie oder von Ihnen',
    },
  },
  en: {
    languages: { de: 'German', en: 'English' },
    ...MEMBERSHIP_WORDS.en,
    practiceStatuses: { enabled: 'Active', disabled: 'Disabled' },
    states: {
      open: 'open',
      accepted: 'accepted',
      declined: 'declined',
      revoked: 'revoked',
      expired: 'expired',
    },
    parts: {
      profile: 'Your profile',
      memberships: 'Your practices and roles',
      invitationsReceived: 'Invitations received',
      invitationsSent: 'Invitations you sent',
      joinRequests: 'Your requests to join',
      pendingEmailChanges: 'Changes of your e-mail address not yet confirmed',
      newsletter: 'Newsletter and consent',
      signIn: 'Sign-in data',
      auditEntries: 'Log entries about you or by you',
    },
  },
} as const;

/** The picklists' labels of the codes the export holds, in one statement. */
async function picklistLabels(db: Executor, data: Unlabelled, language: Language) {
  const { profile, newsletter } = data;
  const codes = [
    profile.salutation,
    profile.position,
    profile.profession,
    profile.otherIndustry,
    ...newsletter.distributors,
    ...newsletter.interests,
    ...newsletter.consentRecords.flatMap((r) => [...r.distributors, ...r.interests]),
    ...newsletter.pendingConfirmations.flatMap((r) => [...r.distributors, ...r.interests]),
  ].filter((code): code is string => Boolean(code));
  const rows =
    codes.length === 0
      ? []
      : await db
          .select()
          .from(picklistValues)
          .where(inArray(picklistValues.code, [...new Set(codes)]));
  const labels = new Map(
    rows.map((row) => [`${row.list}/${row.code}`, language === 'de' ? row.labelDe : row.labelEn]),
  );
  return (list: PicklistName, code: string | null) =>
    code === null ? null : (labels.get(`${list}/${code}`) ?? code);
}

/**
 * The export with each code's words beside it, in the request's language (issue 43, GDPR
 * Art. 15: intelligible); the codes stay for machines (Art. 20).
 */
export async function withLabels(
  db: Executor,
  data: Unlabelled,
  language: Language,
): Promise<Omit<PersonalDataExport, 'format'>> {
  const texts = TEXTS[language];
  const picklist = await picklistLabels(db, data, language);
  const many = (list: PicklistName, codes: string[]) =>
    codes.map((code) => picklist(list, code) ?? code);
  const choices = <T extends { distributors: string[]; interests: string[] }>(item: T) => ({
    ...item,
    distributorLabels: many('newsletterDistributor', item.distributors),
    interestLabels: many('newsletterInterests', item.interests),
  });
  const { profile, newsletter } = data;
  return {
    ...data,
    language,
    parts: { ...texts.parts },
    profile: {
      ...profile,
      salutationLabel: picklist('salutation', profile.salutation),
      titleLabel: profile.title ? TITLES[profile.title] : null,
      positionLabel: picklist('position', profile.position),
      professionLabel: picklist('professions', profile.profession),
      otherIndustryLabel: picklist('otherIndustries', profile.otherIndustry),
      preferredLanguageLabel: texts.languages[profile.preferredLanguage],
    },
    memberships: data.memberships.map((m) => ({
      ...m,
      practiceStatusLabel: texts.practiceStatuses[m.practiceStatus],
      roleLabel: texts.roles[m.role],
      statusLabel: texts.statuses[m.status],
    })),
    invitationsReceived: data.invitationsReceived.map((i) => ({
      ...i,
      roleLabel: texts.roles[i.role],
      stateLabel: texts.states[i.state],
    })),
    invitationsSent: data.invitationsSent.map((i) => ({
      ...i,
      roleLabel: texts.roles[i.role],
      stateLabel: texts.states[i.state],
    })),
    newsletter: {
      ...choices(newsletter),
      consentRecords: newsletter.consentRecords.map(choices),
      pendingConfirmations: newsletter.pendingConfirmations.map(choices),
    },
  };
}
