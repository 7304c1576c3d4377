import { Group, UnstyledButton } from '@mantine/core';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface InviteTab {
  value: string;
  label: string;
  panel: ReactNode;
}

interface InviteTabsProps {
  tabs: InviteTab[];
  value: string;
  onChange: (value: string) => void;
}

/**
 * Tabs after the WAI-ARIA pattern (arrow keys, Home and End move and choose), without Mantine's
 * Tabs, which would push the add-employee screen past its 60 KB (decision 0084).
 */
export function InviteTabs({ tabs, value, onChange }: InviteTabsProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(tabs[next]!.value);
    buttons.current[next]?.focus();
  };
  return (
    <>
      <Group role="tablist" gap="xs" mb="lg">
        {tabs.map((tab, index) => (
          <UnstyledButton
            key={tab.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            role="tab"
            id={`invite-tab-${tab.value}`}
            aria-selected={tab.value === value}
            aria-controls={`invite-panel-${tab.value}`}
            tabIndex={tab.value === value ? 0 : -1}
            px="md"
            py="xs"
            fw={tab.value === value ? 700 : 400}
            style={{
              borderBottom: `2px solid ${tab.value === value ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
            }}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </UnstyledButton>
        ))}
      </Group>
      {tabs
        .filter((tab) => tab.value === value)
        .map((tab) => (
          <div
            key={tab.value}
            role="tabpanel"
            id={`invite-panel-${tab.value}`}
            aria-labelledby={`invite-tab-${tab.value}`}
          >
            {tab.panel}
          </div>
        ))}
    </>
  );
}
