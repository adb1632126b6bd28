import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_RESOURCE_TIMEOUT_MS } from './script-timeout';

/** Answers a manifest request with the host's own checked copy, or null for a URL that is not a theme's manifest. */
export type ManifestGate = (url: string) => Promise<Response> | null;

let gate: ManifestGate | null = null;

/** Installed when the remotes are registered, before anything can ask for a remote. */
export function setManifestGate(next: ManifestGate): void {
  gate = next;
}

/**
 * Every manifest the federation runtime reads (for a load or a preload) comes through here, so the runtime
 * only ever sees a manifest whose contract major the host has already checked: a refused remote's
 * remoteEntry and chunks are never requested. This plugin is part of the entry, before the shared modules,
 * so the check itself arrives through `setManifestGate`.
 */
export default function manifestGatePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'member-manifest-gate',
    fetch(url, init) {
      const checked = gate?.(url);
      if (checked) return checked;
      // A black-holed remote would otherwise hold the request for the browser's own timeout.
      return fetch(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(REMOTE_RESOURCE_TIMEOUT_MS) });
    },
  };
}
