// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import {
  afterLoginPath,
  lineReturnPath,
  loginPathFor,
  noteSessionEndedAtom,
  rememberLineReturn,
  safeReturnPath,
  sessionEndedAtAtom,
} from './return-to';

afterEach(() => sessionStorage.clear());

describe('safeReturnPath', () => {
  it('keeps a member page of this app with its query and hash, leaving the site to the current one', () => {
    expect(safeReturnPath('/slot?prefix=pre8&brand=PP')).toBe('/slot?brand=PP');
    expect(safeReturnPath('/info/changePassword')).toBe('/info/changePassword');
    expect(safeReturnPath('/history#top')).toBe('/history#top');
    expect(safeReturnPath('/profile/theme/PRE8')).toBe('/profile/theme/PRE8');
  });

  it('refuses anything that is not a path on this origin', () => {
    for (const target of [
      'https://evil.example/slot',
      '//evil.example/slot',
      '/\\evil.example/slot',
      '\\\\evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)//',
      ' /slot',
      '/\tslot',
      '/slot\nLocation: https://evil.example',
      'data:text/html,hi',
      'slot',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(target), String(target)).toBeNull();
    }
  });

  it('refuses pages a guest opens and paths that are no page', () => {
    for (const target of [
      '/login',
      '/login?next=/slot',
      '/register',
      '/logout',
      '/logout/logout',
      '/404',
      '/check/member',
      '/check/line?code=x',
      '/nowhere',
      '/',
    ]) {
      expect(safeReturnPath(target), target).toBeNull();
    }
  });
});

describe('the way through login', () => {
  it('sends a guest to log in with the page asked for, and only a safe one', () => {
    const endedAt = createStore().get(sessionEndedAtAtom);
    expect(loginPathFor('/slot?prefix=pre8&brand=PP', endedAt)).toBe('/login?next=%2Fslot%3Fbrand%3DPP');
    expect(loginPathFor('/logout', endedAt)).toBe('/login');
  });

  it('sends a member whose session just ended to plain /login: a logout is no page to come back to', () => {
    const store = createStore();
    store.set(noteSessionEndedAtom, 10_000);
    const endedAt = store.get(sessionEndedAtAtom);
    expect(loginPathFor('/profile', endedAt, 10_500)).toBe('/login');
    expect(loginPathFor('/slot?brand=PP', endedAt, 12_500)).toBe('/login?next=%2Fslot%3Fbrand%3DPP');
  });

  it('lands after the login on the page asked for, else on /profile', () => {
    expect(afterLoginPath('?prefix=pre8&next=%2Fslot%3Fbrand%3DPP')).toBe('/slot?brand=PP');
    expect(afterLoginPath('?prefix=pre8&next=https%3A%2F%2Fevil.example')).toBe('/profile');
    expect(afterLoginPath('?prefix=pre8&next=javascript%3Aalert(1)')).toBe('/profile');
    expect(afterLoginPath('?prefix=pre8')).toBe('/profile');
  });

  it('keeps the page asked for across the LINE round trip, and forgets it when a later LINE login asks for none', () => {
    rememberLineReturn('?prefix=pre8&next=%2Ffish%3Fbrand%3DJILI');
    expect(lineReturnPath()).toBe('/fish?brand=JILI');
    rememberLineReturn('?prefix=pre8');
    expect(lineReturnPath()).toBe('/profile');
    rememberLineReturn('?next=%2F%2Fevil.example');
    expect(lineReturnPath()).toBe('/profile');
  });
});
