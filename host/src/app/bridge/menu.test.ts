import { describe, expect, it } from 'vitest';
import { memberMenu, menuFor } from './menu';

describe('menuFor', () => {
  it('offers a member every page', () => {
    expect(menuFor({ logged: true, needsRegistration: false, registerEnabled: true })).toBe(memberMenu);
    expect(memberMenu.map((item) => item.page)).toContain('profile');
  });
  it('offers a guest nothing: every member page would send them to log in', () => {
    expect(menuFor({ logged: false, needsRegistration: false, registerEnabled: true })).toEqual([]);
  });
  it('offers a member still registering nothing: every member page would send them back to /register', () => {
    expect(menuFor({ logged: true, needsRegistration: true, registerEnabled: true })).toEqual([]);
  });
  it('offers an unregistered member everything where the site takes no registrations (the guards let them in)', () => {
    expect(menuFor({ logged: true, needsRegistration: true, registerEnabled: false })).toBe(memberMenu);
  });
});
