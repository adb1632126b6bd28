import type { SessionEndReason } from '../types/api';
import type { Locale } from '../types/entities';

/**
 * The refusals the operator's API names by a `code` beside its `message`, which the member reads from the shared
 * strings (`serverMessages.{code}`) in their own language, whatever language the server wrote its message in.
 * Withdrawal refusals have codes of their own (`WithdrawRefusalCode`, read by the withdraw flow).
 */
export const SERVER_MESSAGE_CODES = [
  'phone_registered',
  'line_registered',
  'bank_account_registered',
  'registration_closed',
  'registration_incomplete',
  'phone_already_connected',
  'phone_not_connected',
  'old_password_required',
  'wrong_old_password',
  'password_too_short',
  'line_code_invalid',
  'line_connected_elsewhere',
  'member_has_line',
  'provider_maintenance',
  'wrong_game_credentials',
  'unknown_brand',
  'unknown_game',
  'brand_not_open',
  'too_many_favourites',
  'not_your_game_user',
] as const;

export type ServerMessageCode = (typeof SERVER_MESSAGE_CODES)[number];

export const isServerMessageCode = (value: unknown): value is ServerMessageCode =>
  typeof value === 'string' && (SERVER_MESSAGE_CODES as readonly string[]).includes(value);

/** What a refusing reply may carry: a code the contract knows (or not), and the server's own words. */
export interface ServerRefusal {
  code?: unknown;
  message?: unknown;
}

/** How a server's refusal reads on the member's screen. */
export type ServerMessageView =
  /** The shared string of a code the contract knows, or the screen's own line when the server said nothing usable. */
  | { kind: 'key'; key: string }
  /** The server's own words, already in the member's language. */
  | { kind: 'text'; text: string }
  /** The server's words in the other language: the screen's own line is shown, the server's text kept for support. */
  | { kind: 'foreign'; key: string; text: string };

const THAI_LETTER = /[\u0e01-\u0e5b]/;
const LATIN_LETTER = /[A-Za-z]/;

/** The language a message is written in: Thai when it has Thai letters, English when it has Latin ones only. */
export function languageOf(text: string): Locale | null {
  if (THAI_LETTER.test(text)) return 'th';
  return LATIN_LETTER.test(text) ? 'en' : null;
}

/**
 * What the member reads for a refusal: a known code's shared string; else the server's message when it is in the
 * member's language; else `fallbackKey` (the screen's own line for its failure), with the server's text kept so it
 * can go to the error report. One language per screen, whatever the server answered in.
 */
export function serverMessageView(refusal: ServerRefusal, locale: Locale, fallbackKey: string): ServerMessageView {
  if (isServerMessageCode(refusal.code)) return { kind: 'key', key: `serverMessages.${refusal.code}` };
  const text = typeof refusal.message === 'string' ? refusal.message.trim() : '';
  if (text === '') return { kind: 'key', key: fallbackKey };
  const language = languageOf(text);
  if (language === locale) return { kind: 'text', text };
  return { kind: 'foreign', key: fallbackKey, text };
}

/** Every reason the contract knows for a session that ended without the member logging out. */
export const SESSION_END_REASONS: readonly SessionEndReason[] = ['elsewhere', 'expired', 'revoked'];

/** A reply's `reason`, when it is one the contract knows. */
export const sessionEndReasonOf = (value: unknown): SessionEndReason | null =>
  (SESSION_END_REASONS as readonly unknown[]).includes(value) ? (value as SessionEndReason) : null;
