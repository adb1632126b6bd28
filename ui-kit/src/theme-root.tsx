import { createContext, useContext, useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@member/shared-core';
import { usePreferences, useSite } from '@member/shared-core';
import type { ThemeName } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { MAIN_CONTENT_ID } from '@member/shared-core';
// The blocks' stylesheet travels with the frame every theme screen renders in, so each remote bundles the CSS of
// the blocks it was built with. Not from index.ts: the bundler skips a side-effect-free barrel, and its CSS with it.
import './ui.css';

// Defined by the contract, which the conformance suite checks against; re-exported for the layouts.
export { MAIN_CONTENT_ID };

const InsideThemeRoot = createContext(false);

/**
 * The outermost element of a theme's screen: names the theme for QA and the brand team,
 * marks the frame of a layout (which opens with the skip link), and carries the language
 * so Thai text gets Thai fonts. The theme's tokens come from its stylesheet: the build writes
 * them from src/tokens.ts into the theme's CSS module, whose `.theme` class the root carries.
 */
export function ThemeRoot({
  theme,
  frame = false,
  className,
  children,
}: {
  theme: ThemeName;
  /** True for a layout (data-testid="layout-frame"); frameless pages such as login leave it off. */
  frame?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { locale } = usePreferences();
  const nested = useContext(InsideThemeRoot);
  const root = useRef<HTMLDivElement>(null);
  usePageTheme(nested ? null : theme);
  useFlavourCheck(nested ? null : root, theme);
  return (
    <div ref={root} className={className} data-theme-name={theme} data-testid={frame ? testIds.layoutFrame : undefined} lang={locale}>
      <InsideThemeRoot.Provider value>
        {frame ? <SkipLink /> : null}
        {children}
      </InsideThemeRoot.Provider>
    </div>
  );
}

/**
 * The outermost root names its theme on the document element (`data-page-theme`), whose rules in the theme's
 * stylesheet then lend the document its tokens, so what the host draws outside the theme's tree (its dialogs
 * and toasts, appended to <body>) can read the page's colours. Taken back when the root goes.
 */
function usePageTheme(theme: ThemeName | null): void {
  useLayoutEffect(() => {
    if (!theme) return;
    const root = document.documentElement;
    root.dataset.pageTheme = theme;
    return () => {
      if (root.dataset.pageTheme === theme) delete root.dataset.pageTheme;
    };
  }, [theme]);
}

const warned = new Set<string>();

/**
 * A site flavour (sites.json `css`) the theme does not have shows the theme's base colours, with one warning per
 * theme and name: a typo in the deployment's sites.json, or a site mixing in another theme's pages. The theme's
 * stylesheet names the flavour it applied (`--mc-flavour`); a root its stylesheet has not reached (no
 * `--mc-theme-tokens`, as in unit tests) says nothing.
 */
function useFlavourCheck(root: RefObject<HTMLElement | null> | null, theme: ThemeName): void {
  const { css: flavour } = useSite();
  useEffect(() => {
    const element = root?.current;
    if (!element || !flavour) return;
    const style = getComputedStyle(element);
    if (!style.getPropertyValue('--mc-theme-tokens').trim() || style.getPropertyValue('--mc-flavour').trim()) return;
    const key = `${theme}\u0000${flavour}`;
    if (warned.has(key)) return;
    warned.add(key);
    console.warn(`[theme] ${theme} has no flavour "${flavour}"; showing its base colours`);
  }, [root, theme, flavour]);
}

export function SkipLink({ className, targetId = MAIN_CONTENT_ID }: { className?: string; targetId?: string }) {
  const { t } = useTranslation();
  return (
    <a className={cx('mc-skip-link', className)} href={`#${targetId}`}>
      {t('app.skipToContent')}
    </a>
  );
}
