import { describe, expect, it } from 'vitest';
import { redirectFor } from './guard-rules';

const guest = { logged: false, needsRegistration: false, registerEnabled: true };
const member = { logged: true, needsRegistration: false, registerEnabled: true };
const unfinished = { logged: true, needsRegistration: true, registerEnabled: true };

describe('middlewares', () => {
  it('auth sends a guest to log in', () => {
    expect(redirectFor('auth', guest)).toBe('/login');
    expect(redirectFor('auth', member)).toBeNull();
  });
  it('check-auth sends a logged-in member from /login to /profile, or to finish registering', () => {
    expect(redirectFor('check-auth', member)).toBe('/profile');
    expect(redirectFor('check-auth', unfinished)).toBe('/register');
    expect(redirectFor('check-auth', guest)).toBeNull();
  });
  it('check-id keeps registration to guests and unfinished members, and off where switched off', () => {
    expect(redirectFor('check-id', guest)).toBeNull();
    expect(redirectFor('check-id', unfinished)).toBeNull();
    expect(redirectFor('check-id', member)).toBe('/profile');
    expect(redirectFor('check-id', { ...guest, registerEnabled: false })).toBe('/login');
  });
  it('register sends an unfinished member to /register', () => {
    expect(redirectFor('register', unfinished)).toBe('/register');
    expect(redirectFor('register', member)).toBeNull();
  });
});
