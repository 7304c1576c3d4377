import { createTheme } from '@mantine/core';

/**
 * Mantine's defaults fail axe's colour-contrast check (white on blue 6 is 3.6:1): filled colours
 * use shade 8 (5.1:1 with white text) in both schemes; `theme.css` darkens the dimmed text.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'inherit' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
});
