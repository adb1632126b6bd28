import type { ThemeName } from '@member/shared-core';
import { checkRuntimeConfig } from '@member/shared-core/schema/config';
import { learnServedTime } from '../../core/config/served-time';
import { anyReleaseChecked, applyReleaseRules } from './remote-manifest';
import { REMOTE_RESOURCE_TIMEOUT_MS } from './remote-timeout';

// Not in the store: one read of config.json per navigation pass, for the loaders outside React (core/lib/load-pass.ts).
/**
 * An open tab's next page runs theme code only after the releases in use were judged again against config.json as it is
 * now: a key the operator retired, or a floor raised, reaches a tab opened before the change at its next page, not at its
 * next reload. One read of config.json (revalidated: a 304 while it is unchanged) per navigation, none for the first
 * page (the boot has just read it). A config.json that cannot be read, or that the boot would refuse, changes nothing here.
 */
let lastPass = 0;
let pending: Promise<readonly ThemeName[]> | null = null;

async function recheck(): Promise<readonly ThemeName[]> {
  try {
    const sentAt = Date.now();
    const response = await fetch('/config.json', {
      cache: 'no-cache',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REMOTE_RESOURCE_TIMEOUT_MS),
    });
    if (!response.ok) return [];
    learnServedTime(response.headers.get('date'), sentAt);
    const config = checkRuntimeConfig(await response.json());
    return config.ok ? await applyReleaseRules(config.value) : [];
  } catch {
    return [];
  }
}

/**
 * For a page of navigation `pass` (core/lib/load-pass.ts): the themes whose release was dropped on this judgement (settles
 * once config.json was read again), or null for the first page, or while no release has been checked yet.
 */
export function releasesRechecked(pass: number): Promise<readonly ThemeName[]> | null {
  if (pass === 0 || (pass !== lastPass && !anyReleaseChecked())) return null;
  if (pass !== lastPass || !pending) {
    lastPass = pass;
    pending = recheck();
  }
  return pending;
}
