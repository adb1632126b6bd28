import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPreviewBridge, PreviewProviders, type PreviewBridgeOverrides } from '@member/theme-kit';
import { ThemeRoot, resolveThemeTokens, type ThemeTokenTable } from '.';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const table: ThemeTokenTable = {
  common: { '--mc-radius': '8px' },
  light: { '--mc-bg': '#ffffff', '--mc-primary': '#1040c0' },
  dark: { '--mc-bg': '#000000', '--mc-primary': '#9ab0ff' },
  flavours: {
    'demo-green': { light: { '--mc-primary': '#0b6b3a' }, dark: { '--mc-primary': '#6fe3a4' } },
  },
};

const showRoot = (overrides: PreviewBridgeOverrides, children: ReactNode = 'page') =>
  render(
    <PreviewProviders bridge={createPreviewBridge(overrides)} page="info">
      <ThemeRoot theme="default" tokens={table}>
        {children}
      </ThemeRoot>
    </PreviewProviders>,
  );

const rootOf = (text: string) => screen.getByText(text).closest<HTMLElement>('[data-theme-name]')!;

describe('theme tokens', () => {
  it('the root carries the scheme’s tokens as custom properties', () => {
    showRoot({ site: { css: '' }, preferences: { scheme: 'dark' } });
    const root = rootOf('page');
    expect(root.style.getPropertyValue('--mc-bg')).toBe('#000000');
    expect(root.style.getPropertyValue('--mc-primary')).toBe('#9ab0ff');
    expect(root.style.getPropertyValue('--mc-radius')).toBe('8px');
  });

  it('the site’s flavour changes its colours in the scheme shown and keeps the rest of the theme', () => {
    showRoot({ site: { css: 'demo-green' }, preferences: { scheme: 'light' } });
    const root = rootOf('page');
    expect(root.style.getPropertyValue('--mc-primary')).toBe('#0b6b3a');
    expect(root.style.getPropertyValue('--mc-bg')).toBe('#ffffff');
  });

  it('an unknown flavour shows the base tokens, with one warning however often the page renders', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { rerender } = showRoot({ site: { css: 'no-such-look' } });
    expect(rootOf('page').style.getPropertyValue('--mc-primary')).toBe('#1040c0');
    rerender(
      <PreviewProviders bridge={createPreviewBridge({ site: { css: 'no-such-look' }, preferences: { scheme: 'dark' } })} page="info">
        <ThemeRoot theme="default" tokens={table}>
          page
        </ThemeRoot>
      </PreviewProviders>,
    );
    expect(rootOf('page').style.getPropertyValue('--mc-primary')).toBe('#9ab0ff');
    expect(resolveThemeTokens('default', table, 'light', 'no-such-look')['--mc-primary']).toBe('#1040c0');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('"no-such-look"');
  });

  it('the outermost root lends its tokens to the document for dialogs, and takes them back when it goes', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { unmount } = showRoot(
      { site: { css: 'demo-green' }, preferences: { scheme: 'dark' } },
      <ThemeRoot theme="PRE8" tokens={{ common: {}, light: { '--mc-primary': '#111111' }, dark: { '--mc-primary': '#eeeeee' } }}>
        inner
      </ThemeRoot>,
    );
    const html = document.documentElement.style;
    expect(html.getPropertyValue('--mc-primary')).toBe('#6fe3a4');
    expect(rootOf('inner').style.getPropertyValue('--mc-primary')).toBe('#eeeeee');
    unmount();
    expect(html.getPropertyValue('--mc-primary')).toBe('');
    expect(html.getPropertyValue('--mc-bg')).toBe('');
  });
});
