import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, THEMES, type RuntimeConfig, type ThemeName } from '@member/shared-core';

let registered = false;

/** Remotes come from /config.json, so a brand team's new build is picked up without rebuilding the host. */
export function registerThemeRemotes(config: RuntimeConfig): void {
  if (registered) return;
  registerRemotes(THEMES.map((theme) => ({ name: REMOTE_NAMES[theme], entry: config.remotes[theme] })));
  registered = true;
}

export function loadExposed<T>(theme: ThemeName, exposed: string): Promise<T> {
  return loadRemote<T>(`${REMOTE_NAMES[theme]}/${exposed}`).then((module) => {
    if (module === null || module === undefined) throw new Error(`${REMOTE_NAMES[theme]}/${exposed} resolved to nothing`);
    return module;
  });
}
