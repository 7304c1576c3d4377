import { describe, expect, it } from 'vitest';
import {
  isSignInCallback,
  isSignOutCallback,
  needsInteraction,
  parseSignInState,
} from './sign-in-state.ts';

describe('the state a sign-in carries through the provider', () => {
  it('keeps a path of our own origin with its query and hash', () => {
    const state = { returnTo: '/info?tab=2&q=token#phone', step: 'prompt-none' };
    expect(parseSignInState(state)).toEqual(state);
  });

  it.each(['//elsewhere.example/phish', 'https://elsewhere.example/', 'info', ''])(
    'refuses %j as a place to return to',
    (returnTo) => {
      expect(parseSignInState({ returnTo, step: 'interactive' })).toBeUndefined();
    },
  );

  it('refuses a state it did not write', () => {
    expect(parseSignInState(undefined)).toBeUndefined();
    expect(parseSignInState({ returnTo: '/', step: 'again' })).toBeUndefined();
    expect(parseSignInState({ returnTo: '/', step: 'interactive', forced: 'yes' })).toBeUndefined();
    expect(parseSignInState('/')).toBeUndefined();
  });

  it('keeps the forced mark and nothing else', () => {
    expect(
      parseSignInState({ returnTo: '/', step: 'interactive', forced: true, other: 1 }),
    ).toEqual({ returnTo: '/', step: 'interactive', forced: true });
  });
});

describe('the provider’s answer', () => {
  it.each([
    ['http://portal.test/?code=abc&state=s1', true],
    ['http://portal.test/?error=login_required&state=s1', true],
    ['http://portal.test/?state=s1', false],
    ['http://portal.test/?code=abc', false],
    ['http://portal.test/info?code=abc&state=s1', false],
  ])('%s is a sign-in callback: %s', (url, expected) => {
    expect(isSignInCallback(new URL(url))).toBe(expected);
  });

  it.each([
    ['http://portal.test/?state=s1', true],
    ['http://portal.test/?code=abc&state=s1', false],
    ['http://portal.test/?error=access_denied&state=s1', false],
    ['http://portal.test/', false],
    ['http://portal.test/info?state=s1', false],
  ])('%s is the return from a sign-out: %s', (url, expected) => {
    expect(isSignOutCallback(new URL(url))).toBe(expected);
  });

  it('tells errors that need the sign-in page from other failures', () => {
    expect(needsInteraction('login_required')).toBe(true);
    expect(needsInteraction('consent_required')).toBe(true);
    expect(needsInteraction('access_denied')).toBe(false);
    expect(needsInteraction('invalid_request')).toBe(false);
  });
});
