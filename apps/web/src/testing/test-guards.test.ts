import { describe, expect, it } from 'vitest';
import { checkGuards } from './test-guards.ts';

// The setup (setup-test-env.ts) runs `checkGuards` after every test; here it runs early, so
// the problems these tests make on purpose are reported (and cleared) before the setup looks.

describe('the guards of every web test', () => {
  it('report a request no handler answers, even when the app caught the failure', async () => {
    const answered = await fetch('http://nowhere.test/api/v1/Anything').then(
      (response) => response.ok,
      () => false,
    );

    expect(answered).toBe(false);
    expect(() => checkGuards()).toThrow(
      /unhandled request: GET http:\/\/nowhere\.test\/api\/v1\/Anything/,
    );
    expect(() => checkGuards()).not.toThrow();
  });

  it('report an error on the console (which still prints it)', () => {
    console.error('Warning: React caught an error', new Error('boom'));

    expect(() => checkGuards()).toThrow(
      /console\.error: Warning: React caught an error Error: boom/,
    );
    expect(() => checkGuards()).not.toThrow();
  });

  it('leave a clean test alone', () => {
    expect(() => checkGuards()).not.toThrow();
  });
});
