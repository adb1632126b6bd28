import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** Passwords are kept as salted scrypt hashes, even here: nothing in the simulator's memory is a usable password. */
const COST = { N: 1024, r: 8, p: 1 } as const;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, COST);
  return `${salt.toString('base64')}:${hash.toString('base64')}`;
}

export function checkPassword(password: string, stored: string | null): boolean {
  if (stored === null) return false;
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, COST);
  return timingSafeEqual(actual, expected);
}
