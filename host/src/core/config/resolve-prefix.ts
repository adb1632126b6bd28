import { readCookiesStartingWith } from '../lib/cookies';

/**
 * Which brand this visit is for: the `prefix` query, else the first four characters of `state`
 * (LINE sends it back), else the `member-{prefix}` cookie a login left. Only known keys count.
 */
export function resolvePrefix(search: string, cookieSource: string, knownKeys: readonly string[]): string | null {
  const params = new URLSearchParams(search);
  const fromQuery = params.get('prefix');
  if (fromQuery !== null) return knownKeys.includes(fromQuery) ? fromQuery : null;
  const state = params.get('state');
  if (state !== null) {
    const fromState = state.slice(0, 4);
    return knownKeys.includes(fromState) ? fromState : null;
  }
  for (const [name, value] of readCookiesStartingWith('member-', cookieSource)) {
    if (name === `member-${value}` && knownKeys.includes(value)) return value;
  }
  return null;
}
