import '@mantine/core/styles/List.css';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../lib/format/format.ts';
import { LAST_REVIEWED, STATEMENT_WRITTEN } from '../review.ts';

const MEASURED = ['AXE', 'KEYBOARD', 'NARROW', 'PROVIDER'] as const;
const LIMITATIONS = [
  'AUTOMATED',
  'SCREEN_READERS',
  'EXTERNAL_PROVIDER',
  'MAILS',
  'OPERATOR',
] as const;

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** The contact as a link: an address opens the mail program, a page opens itself. */
function ContactLink({ contact }: { contact: string }) {
  const isPage = /^https?:\/\//i.test(contact);
  return <Anchor href={isPage ? contact : `mailto:${contact}`}>{contact}</Anchor>;
}

/**
 * "Erklärung zur Barrierefreiheit" (BFSG, decision 0080): conformance as measured, what is not
 * measured or known to fall short, the review's date, the feedback contact and the enforcement
 * procedure.
 */
export function AccessibilityStatement({
  portalName,
  contact,
}: {
  portalName: string;
  /** `ACCESSIBILITY_CONTACT`; null when the configuration could not be loaded. */
  contact: string | null;
}) {
  const { t } = useTranslation();
  const s = (key: string, options?: Record<string, string>) =>
    t(`ACCESSIBILITY_STATEMENT.${key}`, options);

  return (
    <Stack gap="lg">
      <Title order={1}>{s('TITLE')}</Title>
      <Text>{s('INTRO', { portal: portalName, origin: window.location.origin })}</Text>
      <Part id="a11y-status" title={s('STATUS_TITLE')}>
        <Text>{s('STATUS')}</Text>
      </Part>
      <Part id="a11y-measured" title={s('MEASURED_TITLE')}>
        <List>
          {MEASURED.map((key) => (
            <List.Item key={key}>{s(`MEASURED_${key}`)}</List.Item>
          ))}
        </List>
      </Part>
      <Part id="a11y-limitations" title={s('LIMITATIONS_TITLE')}>
        <List>
          {LIMITATIONS.map((key) => (
            <List.Item key={key}>{s(`LIMITATION_${key}`)}</List.Item>
          ))}
        </List>
      </Part>
      <Part id="a11y-review" title={s('REVIEW_TITLE')}>
        <Text>
          {s('REVIEW', {
            written: formatIsoDate(STATEMENT_WRITTEN),
            reviewed: formatIsoDate(LAST_REVIEWED),
          })}
        </Text>
      </Part>
      <Part id="a11y-feedback" title={s('FEEDBACK_TITLE')}>
        <Text>{s('FEEDBACK')}</Text>
        <Text mt="xs">
          {s('FEEDBACK_CONTACT')}:{' '}
          {contact ? <ContactLink contact={contact} /> : s('CONTACT_UNAVAILABLE')}
        </Text>
      </Part>
      <Part id="a11y-enforcement" title={s('ENFORCEMENT_TITLE')}>
        <Text>{s('ENFORCEMENT')}</Text>
        <Text mt="xs">{s('ENFORCEMENT_REPRESENTATION')}</Text>
        <Text mt="xs" component="address" fs="normal">
          {s('AUTHORITY_NAME')}
          <br />
          {s('AUTHORITY_ADDRESS')}
          <br />
          {s('AUTHORITY_EMAIL_LABEL')}:{' '}
          <Anchor href={`mailto:${s('AUTHORITY_EMAIL')}`}>{s('AUTHORITY_EMAIL')}</Anchor>
        </Text>
      </Part>
    </Stack>
  );
}
