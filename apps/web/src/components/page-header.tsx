import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { usePortalName } from './portal-name.ts';

/** The path whose heading takes the focus when it appears (set on a change of route). */
let focusPendingFor: string | undefined;
/**
 * Whether a screen's heading has shown in this page: the first one (also after a redirect such
 * as `/` → `/dashboard`) leaves the focus where the browser or the user put it.
 */
let headingShown = false;

/**
 * After a change of route the focus goes to the new screen's heading, which a screen reader
 * then reads, instead of staying on the link that was clicked (or on nothing). The heading may
 * appear later than the route (a screen loading its data), so the request waits for it.
 */
export function focusHeadingOf(pathname: string): void {
  focusPendingFor = pathname;
}

interface PageHeaderProps {
  title: string;
  description?: string;
  /** What the browser tab says, when it differs from the heading. */
  documentTitle?: string;
}

/** A screen's heading (the one `h1`) and its lead; also names the browser tab after it. */
export function PageHeader({ title, description, documentTitle = title }: PageHeaderProps) {
  const portalName = usePortalName();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const first = !headingShown;
    headingShown = true;
    if (focusPendingFor !== window.location.pathname) return;
    focusPendingFor = undefined;
    if (first) return;
    // The scroll position is the scroll manager's (back, forward, an #anchor).
    heading.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    document.title = `${documentTitle} – ${portalName}`;
  }, [documentTitle, portalName]);

  return (
    <Stack gap="xs" mb="lg">
      <Title ref={heading} order={1} tabIndex={-1} className="page-heading">
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
