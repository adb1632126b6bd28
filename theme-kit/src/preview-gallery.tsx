import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentType,
  type CSSProperties,
  type LazyExoticComponent,
} from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from '@member/shared-core';
import type { LayoutProps, SiteViewFacts } from '@member/shared-core';
import { PAGE_KEYS, isPageKey, type PageKey, type ThemeName } from '@member/shared-core';
import { isLocale } from '@member/shared-core';
import { FRAMELESS_PAGES, PAGE_SUBROUTES, isValidSubroute } from '@member/shared-core';
import type { Locale } from '@member/shared-core';
import type { Scheme } from '@member/shared-core';
import { createPreviewBridge, PREVIEW_SITES, PreviewProviders } from './preview-bridge';
import { defaultFlavour, fetchPreviewLooks, flavourChoices, type PreviewLooks } from './preview-looks';

export type PageModule = { default: ComponentType };

export interface PreviewGalleryProps {
  theme: ThemeName;
  Layout: ComponentType<LayoutProps>;
  /** Loads one of the remote's page modules, e.g. `(key) => import(\`./pages/${key}.tsx\`)`. */
  loadPage(key: PageKey): Promise<PageModule>;
  site?: Partial<SiteViewFacts>;
  /** What the flavour picker offers; by default the theme's dev server's answer (`fetchPreviewLooks`). */
  loadLooks?: () => Promise<PreviewLooks | null>;
}

interface GalleryState {
  page: PageKey;
  /** The page's sub-component (`/info/changePassword` → changePassword), or null for the page itself. */
  sub: string | null;
  scheme: Scheme;
  locale: Locale;
  logged: boolean;
  canSwitchScheme: boolean;
  /**
   * The site flavour shown (what a site names in sites.json's `css`), '' for the theme's base colours; null until it is known (the
   * address names none and the dev server has not yet said which sites show the theme).
   */
  flavour: string | null;
}

/** A sub-component only where the page has it. */
const subOf = (page: PageKey, sub: string | null | undefined): string | null => (sub && isValidSubroute(page, sub) ? sub : null);

/**
 * The preview's starting point, from the address:
 * ?page=info&sub=changePassword&scheme=dark&lang=en&logged=0&single=1&bare=1&logo=URL&flavour=default-emerald.
 * Without `flavour` (null here) the gallery opens in the flavour of the theme's first site (`defaultFlavour`).
 */
function readAddress(): GalleryState & { bare: boolean; logo: string | null } {
  const query = new URLSearchParams(window.location.search);
  const page = isPageKey(query.get('page')) ? (query.get('page') as PageKey) : 'login';
  const lang = query.get('lang');
  return {
    page,
    sub: subOf(page, query.get('sub')),
    scheme: query.get('scheme') === 'dark' ? 'dark' : 'light',
    locale: isLocale(lang) ? lang : 'th',
    logged: query.get('logged') !== '0',
    canSwitchScheme: query.get('single') !== '1',
    bare: query.get('bare') === '1',
    logo: query.get('logo'),
    flavour: query.get('flavour'),
  };
}

function writeAddress(state: GalleryState) {
  const query = new URLSearchParams(window.location.search);
  query.set('page', state.page);
  if (state.sub) query.set('sub', state.sub);
  else query.delete('sub');
  query.set('scheme', state.scheme);
  query.set('lang', state.locale);
  query.set('logged', state.logged ? '1' : '0');
  if (state.flavour !== null) query.set('flavour', state.flavour);
  window.history.replaceState(null, '', `?${query.toString()}`);
}

const barStyle: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5rem 1rem',
  padding: '0.5rem 0.75rem',
  background: '#1b1b1f',
  color: '#f4f4f6',
  font: '14px/1.4 system-ui, sans-serif',
};
const controlStyle: CSSProperties = { minHeight: 36, font: 'inherit' };

/**
 * The standalone preview a brand team runs with `rsbuild dev` in a remote: every page of the theme,
 * inside its layout where the site would frame it, against a demo brand, in both schemes and languages.
 */
export function PreviewGallery({ theme, Layout, loadPage, site, loadLooks = fetchPreviewLooks }: PreviewGalleryProps) {
  const initial = useMemo(readAddress, []);
  const [state, setState] = useState<GalleryState>(initial);
  const update = (patch: Partial<GalleryState>) => setState((current) => ({ ...current, ...patch }));
  // The dev server's list of flavours and sites; null until it answers, or when it cannot.
  const [looks, setLooks] = useState<PreviewLooks | null>(null);
  useEffect(() => {
    let live = true;
    void loadLooks().then((answer) => {
      if (!live) return;
      setLooks(answer);
      setState((current) => (current.flavour === null ? { ...current, flavour: defaultFlavour(answer) } : current));
    });
    return () => {
      live = false;
    };
  }, [loadLooks]);

  const pages = useMemo(() => {
    const cache = new Map<PageKey, LazyExoticComponent<ComponentType>>();
    return (key: PageKey) => {
      let component = cache.get(key);
      if (!component) {
        component = lazy(() => loadPage(key));
        cache.set(key, component);
      }
      return component;
    };
  }, [loadPage]);

  const bridge = useMemo(
    () =>
      createPreviewBridge({
        site: {
          ...(PREVIEW_SITES[theme] ?? { name: theme, theme }),
          ...site,
          flavour: state.flavour ?? '',
          ...(initial.logo ? { logo: initial.logo } : {}),
        },
        preferences: { locale: state.locale, scheme: state.scheme, canSwitchScheme: state.canSwitchScheme },
        session: state.logged ? {} : false,
        actions: {
          navigate: (to) => {
            const [key, sub] = to.split(/[?#]/)[0]!.split('/').filter(Boolean);
            if (isPageKey(key)) update({ page: key, sub: subOf(key, sub) });
          },
          setLocale: (locale) => update({ locale }),
          setScheme: (scheme) => update({ scheme }),
          logout: () =>
            new Promise<void>((resolve) => {
              setTimeout(() => {
                update({ logged: false, page: 'login', sub: null });
                resolve();
              }, 1000);
            }),
        },
      }),
    [theme, site, initial.logo, state.locale, state.scheme, state.canSwitchScheme, state.logged, state.flavour],
  );

  // The document names the flavour, as the host's does, so the theme's stylesheet applies it. Before any passive
  // effect: the theme root's check for a flavour the theme lacks reads the result in one.
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (state.flavour) root.dataset.siteCss = state.flavour;
    else delete root.dataset.siteCss;
  }, [state.flavour]);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = state.scheme;
    root.lang = state.locale;
    document.body.style.margin = '0';
    writeAddress(state);
    window.scrollTo(0, 0);
  }, [state]);

  const Page = pages(state.page);
  const framed = !FRAMELESS_PAGES.includes(state.page);
  // Without a flavour in the address, the page waits for the dev server's answer rather than flash another look.
  const ready = state.flavour !== null;
  return (
    <PreviewProviders bridge={bridge} page={state.page} sub={state.sub}>
      {initial.bare ? null : <GalleryBar theme={theme} state={state} looks={looks} onChange={update} />}
      <Suspense fallback={null}>
        {!ready ? null : framed ? (
          <Layout>
            <Page />
          </Layout>
        ) : (
          <Page />
        )}
      </Suspense>
    </PreviewProviders>
  );
}

function GalleryBar({
  theme,
  state,
  looks,
  onChange,
}: {
  theme: ThemeName;
  state: GalleryState;
  looks: PreviewLooks | null;
  onChange(patch: Partial<GalleryState>): void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('preview.title', { theme });
  }, [t, theme]);
  return (
    <div role="region" aria-label={t('preview.controls')} style={barStyle}>
      <strong>{t('preview.title', { theme })}</strong>
      <label>
        {t('preview.screen')}{' '}
        <select style={controlStyle} value={state.page} onChange={(e) => onChange({ page: e.target.value as PageKey, sub: null })}>
          {PAGE_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(FRAMELESS_PAGES.includes(key) ? 'preview.standalone' : 'preview.withLayout', { page: t(`page.${key}`) })}
            </option>
          ))}
        </select>
      </label>
      {PAGE_SUBROUTES[state.page] ? (
        <label>
          {t('preview.part')}{' '}
          <select style={controlStyle} value={state.sub ?? ''} onChange={(e) => onChange({ sub: subOf(state.page, e.target.value) })}>
            <option value="">{t('preview.wholePage')}</option>
            {PAGE_SUBROUTES[state.page]!.map((sub) => (
              <option key={sub} value={sub}>
                {sub}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        {t('prefs.language')}{' '}
        <select style={controlStyle} value={state.locale} onChange={(e) => onChange({ locale: e.target.value as Locale })}>
          <option value="th" lang="th">
            ไทย
          </option>
          <option value="en" lang="en">
            English
          </option>
        </select>
      </label>
      <label>
        {t('preview.flavour')}{' '}
        <select style={controlStyle} value={state.flavour ?? ''} onChange={(e) => onChange({ flavour: e.target.value })}>
          <option value="">{t('preview.noFlavour')}</option>
          {flavourChoices(looks, state.flavour ?? '').map(({ name, sites, missing }) => (
            <option key={name} value={name}>
              {t(missing ? 'preview.missingFlavour' : sites.length ? 'preview.flavourOfSites' : 'preview.flavourOfNoSite', {
                flavour: name,
                sites: sites.join(', '),
              })}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={state.scheme === 'dark'}
          onChange={(e) => onChange({ scheme: e.target.checked ? 'dark' : 'light' })}
        />{' '}
        {t('prefs.darkMode')}
      </label>
      <label>
        <input type="checkbox" checked={state.logged} onChange={(e) => onChange({ logged: e.target.checked })} /> {t('preview.loggedIn')}
      </label>
    </div>
  );
}

/** Mounts the preview gallery on #root: the whole body of a remote's standalone `bootstrap.tsx`. */
export function mountPreview(props: PreviewGalleryProps): void {
  const element = document.getElementById('root');
  if (!element) throw new Error('mountPreview: the page has no #root element');
  createRoot(element).render(<PreviewGallery {...props} />);
}
