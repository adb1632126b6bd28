import { describe, expect, it } from 'vitest';
import { resolvePrefix } from './resolve-prefix';

const keys = ['pre8', 'os39', 'ufkk'];

describe('resolvePrefix', () => {
  it('prefers the prefix query', () => {
    expect(resolvePrefix('?prefix=os39&state=pre8.abc', 'member-ufkk=ufkk', keys)).toBe('os39');
  });
  it('takes the first four characters of state when there is no prefix', () => {
    expect(resolvePrefix('?state=pre8.AbCdEfGhIjKlMnOpQrStUvWxYz012345', '', keys)).toBe('pre8');
  });
  it('falls back to the member cookie', () => {
    expect(resolvePrefix('', 'foo=1; member-ufkk=ufkk', keys)).toBe('ufkk');
  });
  it('refuses an unknown prefix instead of falling through', () => {
    expect(resolvePrefix('?prefix=zzzz', 'member-ufkk=ufkk', keys)).toBeNull();
  });
  it('ignores a member cookie whose value does not match its name', () => {
    expect(resolvePrefix('', 'member-ufkk=pre8', keys)).toBeNull();
  });
  it('gives null with nothing to go on', () => {
    expect(resolvePrefix('', '', keys)).toBeNull();
  });
});
