import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signatures of the Pusher protocol (https://pusher.com/docs/channels/library_auth_reference/):
 * - channel auth: `{key}:{hex HMAC-SHA256(secret, socket_id + ':' + channel)}`, made by the broadcasting-auth host and
 *   checked by the socket server on `pusher:subscribe`;
 * - REST: `auth_signature` = hex HMAC-SHA256(secret, `{METHOD}\n{path}\n{query}`), the query being every parameter but
 *   `auth_signature`, keys in lower case, sorted, joined as `key=value` with `&`.
 */

export interface PusherCredentials {
  appId: string;
  key: string;
  secret: string;
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

export const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Compares two strings in constant time (for their common length). */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The `auth` value a private channel subscription carries. */
export const channelAuth = (credentials: PusherCredentials, socketId: string, channel: string) =>
  `${credentials.key}:${hmac(credentials.secret, `${socketId}:${channel}`)}`;

export const verifyChannelAuth = (credentials: PusherCredentials, socketId: string, channel: string, auth: unknown) =>
  typeof auth === 'string' && sameText(auth, channelAuth(credentials, socketId, channel));

/** The text a REST request signs: its parameters without `auth_signature`, lower-case keys, sorted. */
export function restStringToSign(method: string, path: string, params: URLSearchParams): string {
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of params) if (key.toLowerCase() !== 'auth_signature') pairs.push([key.toLowerCase(), value]);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${method.toUpperCase()}\n${path}\n${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

export const restSignature = (secret: string, method: string, path: string, params: URLSearchParams) =>
  hmac(secret, restStringToSign(method, path, params));

/**
 * The query of a signed REST call (what a Pusher server library sends): auth_key, auth_timestamp (seconds),
 * auth_version 1.0, body_md5 (for a body), auth_signature.
 */
export function signRestQuery(
  credentials: PusherCredentials,
  method: string,
  path: string,
  body: string,
  timestampS: number,
): URLSearchParams {
  const params = new URLSearchParams({ auth_key: credentials.key, auth_timestamp: String(timestampS), auth_version: '1.0' });
  if (body !== '') params.set('body_md5', md5Hex(body));
  params.set('auth_signature', restSignature(credentials.secret, method, path, params));
  return params;
}
