import type { WireCipher } from './crypto';

/** Why a reply's body could not be read: not a JSON envelope (or not JSON inside), or not ciphertext under the key. */
export type EnvelopeProblem = 'unparsable' | 'undecryptable';

export class EnvelopeError extends Error {
  constructor(readonly problem: EnvelopeProblem) {
    super(problem);
  }
}

/** The decrypted, parsed reply inside a `{"data": "<Base64 AES>"}` envelope. */
export function openEnvelope(text: string, cipher: WireCipher): unknown {
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new EnvelopeError('unparsable');
  }
  if (typeof envelope !== 'object' || envelope === null || typeof (envelope as { data?: unknown }).data !== 'string') {
    throw new EnvelopeError('unparsable');
  }
  let plain: string;
  try {
    plain = cipher.decrypt((envelope as { data: string }).data);
  } catch {
    throw new EnvelopeError('undecryptable');
  }
  try {
    return JSON.parse(plain);
  } catch {
    throw new EnvelopeError('unparsable');
  }
}
