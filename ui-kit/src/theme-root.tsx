import type { ReactNode } from 'react';
import { useTranslation } from '@member/shared-core';
import { usePreferences } from '@member/shared-core';
import type { ThemeName } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { MAIN_CONTENT_ID } from '@member/shared-core';
// The blocks' stylesheet travels with the frame every theme screen renders in, so each remote bundles the CSS of
// the blocks it was built with. Not from index.ts: the bundler skips a side-effect-free barrel, and its CSS with it.
import './ui.css';

// Defined by the contract, which the conformance suite checks against; re-exported for the layouts.
export { MAIN_CONTENT_ID };

/**
 * The outermost element of a theme's screen: names the theme for QA and the brand team,
 * marks the frame of a layout (which opens with the skip link), and carries the language
 * so Thai text gets Thai fonts.
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
  return (
    <div className={className} data-theme-name={theme} data-testid={frame ? testIds.layoutFrame : undefined} lang={locale}>
      {frame ? <SkipLink /> : null}
      {children}
    </div>
  );
}

export function SkipLink({ className, targetId = MAIN_CONTENT_ID }: { className?: string; targetId?: string }) {
  const { t } = useTranslation();
  return (
    <a className={cx('mc-skip-link', className)} href={`#${targetId}`}>
      {t('app.skipToContent')}
    </a>
  );
}

