import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSessionWait } from './session-wait.ts';

let root: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  root.remove();
  vi.useRealTimers();
});

const status = () => root.querySelector('[role="status"]');
const card = () => root.querySelector('.pp-auth-card');

describe('the wait of a new tab', () => {
  it('shows nothing for a quick session, its status region already in place', () => {
    showSessionWait(root, 'de', undefined, 400);
    vi.advanceTimersByTime(399);
    expect(status()?.textContent).toBe('');
    expect(card()?.classList.contains('pp-auth-pending')).toBe(true);
  });

  it('then says the sign-in is being checked, in German by default', () => {
    showSessionWait(root, 'fr', undefined, 400);
    vi.advanceTimersByTime(400);
    expect(status()?.textContent).toBe('Anmeldung wird geprüft …');
    expect(card()?.classList.contains('pp-auth-pending')).toBe(false);
    expect(root.querySelector('h1')?.textContent).toBe('Praxisportal');
    expect(root.querySelector('main')?.lang).toBe('de');
  });

  it('speaks the stored language', () => {
    showSessionWait(root, 'en', undefined, 400);
    vi.advanceTimersByTime(400);
    expect(status()?.textContent).toBe('Checking your sign-in …');
    expect(root.querySelector('main')?.lang).toBe('en');
  });

  it('names the portal as the operator configured it, once that is known', () => {
    const configuration: { portalName?: string } = {};
    showSessionWait(root, 'de', () => configuration.portalName, 400);
    configuration.portalName = 'Zahnportal Nord';
    vi.advanceTimersByTime(400);
    expect(root.querySelector('h1')?.textContent).toBe('Zahnportal Nord');
  });

  it('never shows once stopped', () => {
    const stop = showSessionWait(root, 'de', undefined, 400);
    vi.advanceTimersByTime(200);
    stop();
    vi.advanceTimersByTime(1000);
    expect(status()?.textContent).toBe('');
  });
});
