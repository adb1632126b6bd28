/**
 * What the preview gallery can show of a theme's sites: the flavours its tokens.ts has and the sites of sites.json
 * that show it. The theme's dev server answers it (build-preset's `previewLooksSetup`), read afresh on each load.
 */
import { PREVIEW_LOOKS_PATH, type PreviewLooks as PreviewLooksAnswer, type PreviewSite } from '@member/shared-core/preview-looks';

export { PREVIEW_LOOKS_PATH };

/** The part of the dev server's answer the gallery uses. */
export type PreviewLooks = Pick<PreviewLooksAnswer, 'flavours' | 'sites'>;

/** One entry of the gallery's flavour picker. */
export interface FlavourChoice {
  /** The flavour's name, what a site writes in sites.json (its `css`). */
  name: string;
  /** The names of the sites that ask for it. */
  sites: string[];
  /** A site asks for it but tokens.ts has no such flavour: the theme shows its base colours there. */
  missing: boolean;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The dev server's answer, or null when it has none or an unreadable one (a gallery outside the dev server). */
export function parsePreviewLooks(value: unknown): PreviewLooks | null {
  if (typeof value !== 'object' || value === null) return null;
  const { flavours, sites } = value as { flavours?: unknown; sites?: unknown };
  if (!Array.isArray(flavours) || !flavours.every(isString) || !Array.isArray(sites)) return null;
  const readable = sites.filter(
    (site): site is PreviewSite =>
      typeof site === 'object' &&
      site !== null &&
      isString(site.key) &&
      isString(site.name) &&
      isString(site.flavour) &&
      typeof site.main === 'boolean',
  );
  return { flavours, sites: readable };
}

export async function fetchPreviewLooks(fetcher: typeof fetch = fetch): Promise<PreviewLooks | null> {
  try {
    const response = await fetcher(PREVIEW_LOOKS_PATH, { cache: 'no-store' });
    return response.ok ? parsePreviewLooks(await response.json()) : null;
  } catch {
    return null;
  }
}

/**
 * The flavours to offer: the theme's own, in its order, then the names sites ask for that it lacks, each with the
 * sites that use it; and `current` (from the address) when neither list has it, so the picker always shows it.
 */
export function flavourChoices(looks: PreviewLooks | null, current: string): FlavourChoice[] {
  const own = looks?.flavours ?? [];
  const asked = (looks?.sites ?? []).map((site) => site.flavour);
  const names = [...new Set([...own, ...asked, ...(current ? [current] : [])])];
  return names.map((name) => ({
    name,
    sites: (looks?.sites ?? []).filter((site) => site.flavour === name).map((site) => site.name),
    missing: looks !== null && !own.includes(name),
  }));
}

/**
 * The flavour the gallery opens with when the address names none: the one of the first site whose layout is the
 * theme, else of the first site showing one of its pages, else the theme's first flavour, else none ('').
 */
export function defaultFlavour(looks: PreviewLooks | null): string {
  const sites = looks?.sites ?? [];
  return (sites.find((site) => site.main) ?? sites[0])?.flavour ?? looks?.flavours[0] ?? '';
}
