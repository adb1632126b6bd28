import { createContext, useContext, useLayoutEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '@member/shared-core';
import { usePreferences } from '@member/shared-core';
import type { ThemeName } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { MAIN_CONTENT_ID } from '@member/shared-core';
// The blocks' stylesheet travels with the frame every theme screen renders in, so each remote bundles the CSS of
// the blocks it was built with. Not from index.ts: the bundler skips a side-effect-free barrel, and its CSS with it.
import './ui.css';
import { useThemeStyle, type ThemeTokenTable } from './theme-tokens';

// Defined by the contract, which the conformance suite checks against; re-exported for the layouts.
export { MAIN_CONTENT_ID };

const InsideThemeRoot = createContext(false);

/**
 * The outermost element of a theme's screen: names the theme for QA and the brand team,
 * marks the frame of a layout (which opens with the skip link), carries the language
 * so Thai text gets Thai fonts, and sets the theme's tokens (for the scheme and the site's
 * flavour) as custom properties.
 */
export function ThemeRoot({
  theme,
  tokens,
  frame = false,
  className,
  children,
}: {
  theme: ThemeName;
  /** The theme's token table (src/tokens.ts). */
  tokens?: ThemeTokenTable;
  /** True for a layout (data-testid="layout-frame"); frameless pages such as login leave it off. */
  frame?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { locale } = usePreferences();
  const style = useThemeStyle(theme, tokens ?? EMPTY_TABLE);
  const nested = useContext(InsideThemeRoot);
  usePageTokens(nested || !tokens ? null : style);
  return (
    <div className={className} style={style} data-theme-name={theme} data-testid={frame ? testIds.layoutFrame : undefined} lang={locale}>
      <InsideThemeRoot.Provider value>
        {frame ? <SkipLink /> : null}
        {children}
      </InsideThemeRoot.Provider>
    </div>
  );
}

const EMPTY_TABLE: ThemeTokenTable = { common: {}, light: {}, dark: {} };

/**
 * The outermost root also lends its tokens to the document element, so what the host draws outside the
 * theme's tree (its dialogs and toasts, appended to <body>) can read the page's colours. Set through the
 * CSSOM, which the page's style policy allows; taken back when the root goes.
 */
function usePageTokens(style: CSSProperties | null): void {
  useLayoutEffect(() => {
    if (!style) return;
    const root = document.documentElement.style;
    const entries = Object.entries(style as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    for (const [property, value] of entries) root.setProperty(property, value);
    return () => {
      for (const [property, value] of entries) if (root.getPropertyValue(property) === value) root.removeProperty(property);
    };
  }, [style]);
}

export function SkipLink({ className, targetId = MAIN_CONTENT_ID }: { className?: string; targetId?: string }) {
  const { t } = useTranslation();
  return (
    <a className={cx('mc-skip-link', className)} href={`#${targetId}`}>
      {t('app.skipToContent')}
    </a>
  );
}

