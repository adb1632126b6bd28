import type { EncryptedEnvelope } from '@member/shared-core';
import type { WireCipher } from './crypto';

/** `{"data":"<base64 ciphertext of the JSON reply>"}`, the body of every `/api/*` reply. */
export function sealEnvelope(cipher: WireCipher, reply: unknown): string {
  const envelope: EncryptedEnvelope = { data: cipher.encrypt(JSON.stringify(reply)) };
  return JSON.stringify(envelope);
}

export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

/** The reverse of sealEnvelope, as a client does it: parse, check the shape, decrypt, parse again. */
export function openEnvelope<T = unknown>(cipher: WireCipher, body: string): T {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    throw new EnvelopeError('reply is not JSON');
  }
  if (typeof envelope !== 'object' || envelope === null || typeof (envelope as { data?: unknown }).data !== 'string') {
    throw new EnvelopeError('reply has no "data" string');
  }
  const plain = cipher.decrypt((envelope as EncryptedEnvelope).data);
  if (plain === null) throw new EnvelopeError('reply does not decrypt');
  try {
    return JSON.parse(plain) as T;
  } catch {
    throw new EnvelopeError('decrypted reply is not JSON');
  }
}
