import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_KEY } from '../theme/color-scheme.ts';
import { providerPageParameters, shownColorScheme } from './provider-pages.ts';

const prefersDark = (dark: boolean) =>
  vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: dark } as MediaQueryList);

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('the colour scheme passed to the provider', () => {
  it('is the one chosen in the portal, whatever the system prefers', () => {
    prefersDark(true);
    window.localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    expect(shownColorScheme()).toBe('light');
    prefersDark(false);
    window.localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    expect(shownColorScheme()).toBe('dark');
  });

  it.each([null, 'auto'])('follows the system when the choice is %j', (stored) => {
    if (stored !== null) window.localStorage.setItem(COLOR_SCHEME_KEY, stored);
    prefersDark(true);
    expect(shownColorScheme()).toBe('dark');
    prefersDark(false);
    expect(shownColorScheme()).toBe('light');
  });
});

describe('the parameters for the provider’s pages', () => {
  it('carry the theme always, and the notice only after a sign-out', () => {
    prefersDark(false);
    expect(providerPageParameters()).toEqual({ pp_theme: 'light' });
    expect(providerPageParameters('idle')).toEqual({ pp_theme: 'light', pp_notice: 'idle' });
    expect(providerPageParameters('signed-out')).toEqual({
      pp_theme: 'light',
      pp_notice: 'signed-out',
    });
  });
});
