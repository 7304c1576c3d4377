import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface DisclosureTriggerProps {
  'aria-expanded': boolean;
  'aria-controls': string;
  onClick: () => void;
}

interface DisclosureMenuProps {
  /** The button that opens and closes the panel; it must spread the given props. */
  trigger: (props: DisclosureTriggerProps) => ReactNode;
  /** The panel's content; `close` closes it (after a choice). */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
}

/**
 * A button with a panel below it (the WAI-ARIA disclosure pattern): Tab moves through the panel,
 * Escape closes it and returns to the button, so do a click or focus elsewhere. Lighter than a
 * floating menu, which keeps the first screen's JavaScript small.
 */
export function DisclosureMenu({ trigger, children, align = 'end' }: DisclosureMenuProps) {
  const [opened, setOpened] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = () => setOpened(false);

  useEffect(() => {
    if (!opened) return;
    const outside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) close();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [opened]);

  return (
    <div
      ref={root}
      className="disclosure"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !opened) return;
        close();
        root.current?.querySelector<HTMLElement>('[aria-controls]')?.focus();
      }}
    >
      {trigger({
        'aria-expanded': opened,
        'aria-controls': id,
        onClick: () => setOpened((current) => !current),
      })}
      <div id={id} className="disclosure-panel" data-align={align} hidden={!opened}>
        {opened && children(close)}
      </div>
    </div>
  );
}
