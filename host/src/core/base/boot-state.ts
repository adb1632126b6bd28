import { atom } from 'jotai';
import type { RuntimeConfig, Site, SitesFile } from '@member/shared-core';
import type { BootFailure } from '../config/load-boot-config';

export type PrefixStatus = 'unknown' | 'checking' | 'valid' | 'invalid';

type BootState =
  | { phase: 'loading' }
  | { phase: 'failed'; failure: BootFailure }
  | { phase: 'ready'; config: RuntimeConfig; sites: SitesFile; prefix: string | null };

const bootBase = atom<BootState>({ phase: 'loading' });
const prefixStatusBase = atom<PrefixStatus>('unknown');

export const bootStateAtom = atom((get) => get(bootBase));

export const runtimeConfigAtom = atom((get) => {
  const boot = get(bootBase);
  return boot.phase === 'ready' ? boot.config : null;
});

/** The brand of this visit; null when no known prefix was found. */
export const siteConfigAtom = atom<Site | null>((get) => {
  const boot = get(bootBase);
  if (boot.phase !== 'ready' || boot.prefix === null) return null;
  return boot.sites.sites.find((s) => s.key === boot.prefix) ?? null;
});

export const prefixAtom = atom((get) => get(siteConfigAtom)?.key ?? null);
export const prefixStatusAtom = atom((get) => get(prefixStatusBase));

export const bootReadyAtom = atom(null, (_get, set, value: { config: RuntimeConfig; sites: SitesFile; prefix: string | null }) => {
  set(bootBase, { phase: 'ready', ...value });
  set(prefixStatusBase, value.prefix === null ? 'invalid' : 'checking');
});

export const bootFailedAtom = atom(null, (_get, set, failure: BootFailure) => set(bootBase, { phase: 'failed', failure }));

export const setPrefixStatusAtom = atom(null, (_get, set, status: PrefixStatus) => set(prefixStatusBase, status));
