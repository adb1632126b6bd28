import type { ThemeName } from '@member/shared-core';
import type { VerifiedRelease } from './remote-signature';

/** What a release is judged against, besides its signature. */
export interface ReleaseRules {
  /**
   * The themes whose releases may be served at this theme's address: the theme itself, and any other theme config.json
   * points at the same manifest (a second name for one remote).
   */
  themes: readonly ThemeName[];
  /** The newest release of the release's theme this device has run, or null. */
  newestSeen: number | null;
  /** The oldest release the operator lets members run (config.json `remoteMinRelease`), if pinned. */
  minimum?: number;
  /** The time now, in ms (the host's server's, where known). */
  now: number;
}

/**
 * Why a release whose signature holds must still not run, or null when it may: the defences against The Update
 * Framework's mix-and-match (a release of another theme), rollback (one older than the newest this device has run, or
 * than the operator's floor) and freeze (one past its expiry) attacks. Equal sequences are the same release.
 */
export function releaseRefusal(release: Pick<VerifiedRelease, 'theme' | 'sequence' | 'expires'>, rules: ReleaseRules): string | null {
  const { theme, sequence, expires } = release;
  if (!rules.themes.includes(theme)) return `it is a release of theme ${theme}, not of ${rules.themes.join(' or ')}`;
  if (rules.newestSeen !== null && sequence < rules.newestSeen)
    return `release ${sequence} of theme ${theme} is older than release ${rules.newestSeen}, which this device has run`;
  if (rules.minimum !== undefined && sequence < rules.minimum)
    return `release ${sequence} of theme ${theme} is older than the oldest config.json allows (${rules.minimum})`;
  if (expires <= rules.now) return `release ${sequence} of theme ${theme} expired at ${new Date(expires).toISOString()}`;
  return null;
}
