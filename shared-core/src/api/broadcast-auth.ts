/**
 * Where a member's private channel is signed, under config.json's `broadcastAuthBase`: Laravel's broadcasting auth
 * route, called by the realtime client (not the API client) with the member's token as a Bearer header. Its own module
 * so the realtime chunk takes the path without the catalogue.
 */
export const BROADCAST_AUTH_PATH = '/api/member/broadcasting/auth';
