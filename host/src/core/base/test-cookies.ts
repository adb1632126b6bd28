/**
 * For the host's tests only: what a test writes to document.cookie, and the clearing of every cookie after it.
 */
import { vi } from 'vitest';

/** Records every write to document.cookie from now on (the writes still happen); vi.restoreAllMocks() ends it. */
export function cookieWrites(): string[] {
  const writes: string[] = [];
  let proto: object | null = document;
  let descriptor: PropertyDescriptor | undefined;
  while (proto && !descriptor) {
    descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    proto = Object.getPrototypeOf(proto);
  }
  const setter = descriptor?.set;
  if (!setter) throw new Error('no cookie setter to observe');
  vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    setter.call(this, value);
  });
  return writes;
}

/** Expires every cookie the document holds (on path /). */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
