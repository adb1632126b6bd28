import { describe, expect, it } from 'vitest';
import { pickDivisionContact } from './site-view';

const map = { ufkklacsag1: '@north', ufkklacsag2: '@south', ufkklacsag3: '@east', ufkklacsag4: '@west' };

describe('pickDivisionContact', () => {
  it('returns a plain contact as is', () => {
    expect(pickDivisionContact('@club', 'ufkklacsag2x')).toBe('@club');
  });
  it('picks the division that starts the game user name', () => {
    expect(pickDivisionContact(map, 'ufkklacsag3000123')).toBe('@east');
  });
  it('uses the first division when there is no game user', () => {
    expect(pickDivisionContact(map, null)).toBe('@north');
  });
});
