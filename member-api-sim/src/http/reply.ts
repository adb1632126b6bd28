import type { UnauthorizedReply, ValidationErrorReply } from '@member/shared-core';

/**
 * What a handler returns. `api` replies are sealed in the encrypted envelope; `json` replies (control API, health)
 * are plain JSON; `raw` replies carry their own content type (HTML pages, SVG, redirects).
 */
export type Reply =
  | { kind: 'api'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'raw'; status: number; headers: Record<string, string>; body: string };

export const api = (body: unknown, status = 200): Reply => ({ kind: 'api', status, body });
export const json = (body: unknown, status = 200): Reply => ({ kind: 'json', status, body });

export function html(body: string, status = 200, extraHeaders: Record<string, string> = {}): Reply {
  return { kind: 'raw', status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...extraHeaders }, body };
}

export function redirect(location: string): Reply {
  return { kind: 'raw', status: 302, headers: { Location: location, 'Cache-Control': 'no-store' }, body: '' };
}

/**
 * Thrown inside a handler to end the request with an error reply. On an `api` route the body is sealed like any
 * other reply, so a client sees the same envelope for success and failure.
 */
export class ReplyError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`reply ${status}`);
    this.name = 'ReplyError';
  }
}

export const UNAUTHORIZED: UnauthorizedReply = { status: false, code: 401, message: 'Unauthorized' };

/** HTTP 401; with the reason the token's session ended, when the simulator knows one (another device, ran out, revoked). */
export const unauthorized = (reason?: string | null) => new ReplyError(401, reason ? { ...UNAUTHORIZED, reason } : UNAUTHORIZED);

export function invalid(fields: Record<string, string>, message = 'Some fields are missing or invalid'): ReplyError {
  const body: ValidationErrorReply = { status: false, message, fields };
  return new ReplyError(422, body);
}

export const failure = (status: number, message: string) => new ReplyError(status, { status: false, message });
