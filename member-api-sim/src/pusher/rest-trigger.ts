import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { MAX_MESSAGE_BYTES } from './hub';
import { md5Hex, restSignature, sameText } from './signatures';

/** Pusher refuses a request whose auth_timestamp is further than this from its clock. */
export const REST_TIMESTAMP_WINDOW_S = 600;
const MAX_CHANNELS = 100;
const MAX_EVENT_NAME = 200;

const error = (status: number, message: string) => json({ error: message }, status);

/**
 * `POST /apps/{appId}/events`: Pusher's HTTP trigger, as a Pusher server library (the operator's backend) calls it.
 * Query: auth_key, auth_timestamp (seconds, within 600 s of the simulator's clock), auth_version=1.0, body_md5 (hex
 * MD5 of the body), auth_signature = hex HMAC-SHA256(secret, `POST\n/apps/{appId}/events\n{the other parameters,
 * lower-case keys, sorted, key=value joined with &}`). Body: `{name, data (a string), channel | channels (up to 100),
 * socket_id? (excluded)}`. → 200 `{}`; 401 `{error}` for any authentication problem; 400 `{error}` for a bad body;
 * 404 for another app id; 413 for data over 10 KiB.
 */
export const pusherTriggerRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/apps/:appId/events',
  name: '/apps/:appId/events',
  kind: 'control',
  handler: ({ params, query, url, rawBody, body }) => {
    const credentials = sim.realtime.credentials;
    if (params.appId !== credentials.appId) return error(404, `Unknown app ${params.appId ?? ''}`);

    const authKey = query.get('auth_key');
    const timestamp = query.get('auth_timestamp');
    const signature = query.get('auth_signature');
    if (!authKey || !timestamp || !signature || !query.get('auth_version')) {
      return error(401, 'auth_key, auth_timestamp, auth_version and auth_signature are required');
    }
    if (authKey !== credentials.key) return error(401, 'Unknown auth_key');
    if (query.get('auth_version') !== '1.0') return error(401, 'auth_version must be 1.0');
    const skew = Math.abs(sim.now() / 1000 - Number(timestamp));
    if (!/^\d+$/.test(timestamp) || skew > REST_TIMESTAMP_WINDOW_S) {
      return error(401, `Timestamp expired: ${timestamp} is more than ${REST_TIMESTAMP_WINDOW_S} s from the server's time`);
    }
    const bodyMd5 = query.get('body_md5');
    if (rawBody !== '' && (bodyMd5 === null || !sameText(bodyMd5, md5Hex(rawBody)))) return error(401, 'body_md5 does not match the body');
    if (!sameText(signature, restSignature(credentials.secret, 'POST', url.pathname, query))) {
      return error(401, 'Invalid signature: you should have sent HmacSHA256Hex(string_to_sign, secret)');
    }

    const { name, data, channel, channels, socket_id: socketId } = body;
    const targets = channels !== undefined ? channels : channel !== undefined ? [channel] : [];
    if (typeof name !== 'string' || name === '' || name.length > MAX_EVENT_NAME)
      return error(400, `name must be a string of 1 to ${MAX_EVENT_NAME} characters`);
    if (typeof data !== 'string') return error(400, 'data must be a string (JSON-encode objects)');
    if (
      !Array.isArray(targets) ||
      targets.length === 0 ||
      targets.length > MAX_CHANNELS ||
      !targets.every((c) => typeof c === 'string' && c !== '')
    ) {
      return error(400, `channel or channels (1 to ${MAX_CHANNELS} names) is required`);
    }
    if (socketId !== undefined && typeof socketId !== 'string') return error(400, 'socket_id must be a string');
    if (Buffer.byteLength(data, 'utf8') > MAX_MESSAGE_BYTES) return error(413, `data is over ${MAX_MESSAGE_BYTES} bytes`);
    sim.realtime.trigger(targets as string[], name, data, socketId);
    return json({});
  },
});
