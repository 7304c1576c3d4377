import { Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../lib/format/format.ts';
import {
  CHECKED_SCREENS,
  CHECKED_WIDTHS,
  KEYBOARD_TASKS,
  KNOWN_NOT_CONFORMING,
} from '../measured.ts';
import { LAST_REVIEWED, STATEMENT_WRITTEN } from '../review.ts';

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
      <h2 className="statement-heading" id={id}>
        {title}
      </h2>
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
 * "Erklärung zur Barrierefreiheit" (BFSG, decision 0080): conformance as measured — the screens,
 * widths and keyboard tasks are the lists the end-to-end suite checks (`measured.ts`) —, what is
 * not measured or known to fall short, the review's date, the feedback contact and the enforcement
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
  const { t, i18n } = useTranslation();
  const s = (key: string, options?: Record<string, string>) =>
    t(`ACCESSIBILITY_STATEMENT.${key}`, options);
  const widths = new Intl.ListFormat(i18n.resolvedLanguage, { type: 'conjunction' });

  return (
    <Stack gap="lg">
      <h1 className="statement-title">{s('TITLE')}</h1>
      <p>{s('INTRO', { portal: portalName, origin: window.location.origin })}</p>
      <Part id="a11y-status" title={s('STATUS_TITLE')}>
        <p>{s('STATUS')}</p>
      </Part>
      <Part id="a11y-measured" title={s('MEASURED_TITLE')}>
        <p>{s('MEASURED_AXE')}</p>
        <ul>
          {CHECKED_SCREENS.map(({ key }) => (
            <li key={key}>{s(`SCREENS.${key}`)}</li>
          ))}
        </ul>
        <p>{s('MEASURED_NARROW', { widths: widths.format(CHECKED_WIDTHS.map(String)) })}</p>
        <p>{s('MEASURED_KEYBOARD')}</p>
        <ul>
          {KEYBOARD_TASKS.map(({ key }) => (
            <li key={key}>{s(`KEYBOARD.${key}`)}</li>
          ))}
        </ul>
      </Part>
      <Part id="a11y-limitations" title={s('LIMITATIONS_TITLE')}>
        <ul>
          {KNOWN_NOT_CONFORMING.length === 0 && <li>{s('KNOWN_NONE')}</li>}
          {KNOWN_NOT_CONFORMING.map((key) => (
            <li key={key}>{s(`KNOWN.${key}`)}</li>
          ))}
          {LIMITATIONS.map((key) => (
            <li key={key}>{s(`LIMITATION_${key}`)}</li>
          ))}
        </ul>
      </Part>
      <Part id="a11y-review" title={s('REVIEW_TITLE')}>
        <p>
          {s('REVIEW', {
            written: formatIsoDate(STATEMENT_WRITTEN),
            reviewed: formatIsoDate(LAST_REVIEWED),
          })}
        </p>
      </Part>
      <Part id="a11y-feedback" title={s('FEEDBACK_TITLE')}>
        <p>{s('FEEDBACK')}</p>
        <p>
          {s('FEEDBACK_CONTACT')}:{' '}
          {contact ? <ContactLink contact={contact} /> : s('CONTACT_UNAVAILABLE')}
        </p>
      </Part>
      <Part id="a11y-enforcement" title={s('ENFORCEMENT_TITLE')}>
        <p>{s('ENFORCEMENT')}</p>
        <p>{s('ENFORCEMENT_REPRESENTATION')}</p>
        <address className="statement-address">
          {s('AUTHORITY_NAME')}
          <br />
          {s('AUTHORITY_ADDRESS')}
          <br />
          {s('AUTHORITY_EMAIL_LABEL')}:{' '}
          <Anchor href={`mailto:${s('AUTHORITY_EMAIL')}`}>{s('AUTHORITY_EMAIL')}</Anchor>
        </address>
      </Part>
    </Stack>
  );
}
