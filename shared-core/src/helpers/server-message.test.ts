import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { th } from '../i18n/th';
import { languageOf, SERVER_MESSAGE_CODES, serverMessageView } from './server-message';

describe("a server's refusal on the member's screen", () => {
  it('reads a known code from the shared strings, in both languages, whatever the server wrote', () => {
    const refusal = { code: 'phone_registered', message: 'This phone number is already registered' };
    expect(serverMessageView(refusal, 'th', 'register.errors.failed')).toEqual({ kind: 'key', key: 'serverMessages.phone_registered' });
    expect(serverMessageView(refusal, 'en', 'register.errors.failed')).toEqual({ kind: 'key', key: 'serverMessages.phone_registered' });
  });

  it('has a Thai and an English string for every code the contract knows', () => {
    for (const code of SERVER_MESSAGE_CODES) {
      expect(en.serverMessages[code], code).toBeTruthy();
      expect(th.serverMessages[code], code).toBeTruthy();
      expect(languageOf(th.serverMessages[code]), code).toBe('th');
    }
  });

  it("shows an unknown message in the member's language as the server wrote it", () => {
    expect(serverMessageView({ message: 'บัญชีนี้ถูกระงับ' }, 'th', 'register.errors.failed')).toEqual({ kind: 'text', text: 'บัญชีนี้ถูกระงับ' });
    expect(serverMessageView({ code: 'new_rule', message: 'Try again tomorrow' }, 'en', 'x.failed')).toEqual({
      kind: 'text',
      text: 'Try again tomorrow',
    });
  });

  it("gives an unknown message in the other language the screen's own line, keeping the server's text for support", () => {
    expect(serverMessageView({ message: 'Account frozen' }, 'th', 'register.errors.failed')).toEqual({
      kind: 'foreign',
      key: 'register.errors.failed',
      text: 'Account frozen',
    });
    expect(serverMessageView({ message: 'บัญชีนี้ถูกระงับ' }, 'en', 'register.errors.failed').kind).toBe('foreign');
  });

  it("falls back to the screen's own line when the server says nothing usable", () => {
    expect(serverMessageView({}, 'th', 'register.errors.failed')).toEqual({ kind: 'key', key: 'register.errors.failed' });
    expect(serverMessageView({ message: '   ' }, 'en', 'register.errors.failed')).toEqual({ kind: 'key', key: 'register.errors.failed' });
    expect(serverMessageView({ message: 42 }, 'en', 'register.errors.failed')).toEqual({ kind: 'key', key: 'register.errors.failed' });
    expect(serverMessageView({ message: '1234' }, 'th', 'register.errors.failed').kind).toBe('foreign');
  });
});
