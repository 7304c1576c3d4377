import { createTheme } from '@mantine/core';

/**
 * The portal's design system (decision 0040), in one place with `theme.css`:
 * - spacing on a 4 px grid: xs 8, sm 12, md 16, lg 24, xl 32 (`--mantine-spacing-*`);
 * - type scale: text xs 12 to xl 20, headings h1 28 to h4 16, one line height each;
 * - colours: `theme.css` names the tokens (`--pp-color-*`) for light and dark;
 * - one card (bordered, radius md, padding lg) and one page header (`.page-heading`).
 * Mantine's defaults fail axe's colour-contrast check (white on blue 6 is 3.6:1): filled colours
 * use shade 8 (5.1:1 with white text) in both schemes; `theme.css` darkens the dimmed text.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.55', xl: '1.6' },
  headings: {
    fontFamily: 'inherit',
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.25' },
      h2: { fontSize: '1.375rem', lineHeight: '1.3' },
      h3: { fontSize: '1.125rem', lineHeight: '1.35' },
      h4: { fontSize: '1rem', lineHeight: '1.4' },
      h5: { fontSize: '0.9375rem', lineHeight: '1.45' },
      h6: { fontSize: '0.875rem', lineHeight: '1.5' },
    },
  },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // The one card pattern: every Card of the screens looks the same without repeating props.
    Card: { defaultProps: { withBorder: true, padding: 'lg', radius: 'md' } },
    // Badges read as words in normal case (issue 12), not Mantine's upper case.
    Badge: {
      defaultProps: { radius: 'sm' },
      styles: { root: { textTransform: 'none', letterSpacing: 'normal' } },
    },
  },
});
