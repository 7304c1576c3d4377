import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerNotice } from '@pp/contract';
import { useDismissNotices, useNotices } from '../api/notices.ts';

/**
 * What the screens call a field of a notice, in the order the profile shows them: the profile
 * form's labels, then the sign-in address, the primary practice and the newsletter page.
 */
const FIELD_LABELS: Record<string, string> = {
  salutation: 'PROFILE.SALUTATION',
  title: 'PROFILE.TITLE',
  firstName: 'PROFILE.FIRST_NAME',
  lastName: 'PROFILE.LAST_NAME',
  dateOfBirth: 'PROFILE.DATE_OF_BIRTH',
  preferredLanguage: 'PROFILE.PREFERRED_LANGUAGE',
  phone: 'PROFILE.PHONE',
  position: 'PROFILE.POSITION',
  profession: 'PROFILE.PROFESSION',
  otherIndustry: 'PROFILE.OTHER_INDUSTRY',
  email: 'ACCOUNT.EMAIL',
  practiceId: 'PRACTICE_SWITCHER.PRIMARY',
  newsletterSubscribed: 'NEWSLETTER.FORM',
  newsletterDistributors: 'NEWSLETTER.FORM',
  newsletterInterests: 'NEWSLETTER.FORM',
};
const ORDER = Object.keys(FIELD_LABELS);

/** The label keys of all notices' fields, each once, in the profile's order; unknown ones last. */
export function labelKeysOf(notices: CustomerNotice[]): { known: string[]; unknown: boolean } {
  const fields = [...new Set(notices.flatMap((notice) => notice.fields))];
  const known = fields
    .filter((field) => field in FIELD_LABELS)
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))
    .map((field) => FIELD_LABELS[field] ?? '');
  return { known: [...new Set(known)], unknown: fields.some((field) => !(field in FIELD_LABELS)) };
}

/**
 * Tells the person, on their next visit to the profile, that a change of theirs met a change
 * made at the same time in the operator's CRM, whose value was kept (issue 24). "Got it"
 * dismisses it for good.
 */
export function CrmNoticeAlert() {
  const { t, i18n } = useTranslation();
  const notices = useNotices();
  const dismiss = useDismissNotices();
  const shown = notices.data?.notices ?? [];
  if (shown.length === 0) return null;

  const { known, unknown } = labelKeysOf(shown);
  const names = [
    ...known.map((key) => t('CRM_NOTICE.FIELD', { label: t(key) })),
    ...(unknown ? [t('CRM_NOTICE.OTHER_FIELDS')] : []),
  ];
  const fields = new Intl.ListFormat(i18n.resolvedLanguage ?? i18n.language, {
    type: 'conjunction',
  }).format(names);

  const dismissed = () => {
    dismiss.mutate();
    // The button goes away with the notice: the focus goes to the screen's heading, not to
    // the page's end.
    document.querySelector<HTMLElement>('h1.page-heading')?.focus({ preventScroll: true });
  };

  return (
    // The title and the button in the text's colour: yellow text on white does not reach the
    // contrast of WCAG 2.1 AA (axe, light and dark).
    <Alert
      role="status"
      color="yellow"
      variant="outline"
      mb="lg"
      title={t('CRM_NOTICE.TITLE')}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">{t('CRM_NOTICE.TEXT', { fields })}</Text>
      <Text size="sm" mt="xs">
        {t('CRM_NOTICE.CHECK')}
      </Text>
      <Group mt="sm">
        <Button variant="default" size="compact-sm" onClick={dismissed}>
          {t('CRM_NOTICE.DISMISS')}
        </Button>
      </Group>
    </Alert>
  );
}
