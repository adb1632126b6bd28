import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token (48 hex characters). */
export const newToken = (bytes = 24) => randomBytes(bytes).toString('hex');

/** Tokens are looked up by their SHA-256: the simulator keeps no token it could leak. */
export const tokenKey = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
