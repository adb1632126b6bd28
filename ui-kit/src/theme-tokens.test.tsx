import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createPreviewBridge, PreviewProviders } from '@member/theme-kit';
import { ThemeRoot } from '.';

afterEach(() => {
  cleanup();
});

const show = (inner?: 'PRE8') =>
  render(
    <PreviewProviders bridge={createPreviewBridge({})} page="info">
      <ThemeRoot theme="default">{inner ? <ThemeRoot theme={inner}>inner</ThemeRoot> : 'page'}</ThemeRoot>
    </PreviewProviders>,
  );

// The values themselves are the theme's stylesheet's (written from its tokens.ts by the build, checked in the
// browser by the site-flavours and themed-dialogs end-to-end tests); the root only says which theme it is.
describe('theme tokens', () => {
  it('the outermost root names its theme on the document, so the stylesheet lends the document its tokens', () => {
    const { unmount } = show('PRE8');
    expect(document.documentElement.dataset.pageTheme).toBe('default');
    unmount();
    expect(document.documentElement.dataset.pageTheme).toBeUndefined();
  });

  it('carries no inline tokens: a theme’s page inside another theme’s frame takes its own from its class', () => {
    const { container } = show('PRE8');
    for (const root of container.querySelectorAll<HTMLElement>('[data-theme-name]')) expect(root.getAttribute('style')).toBeNull();
  });
});
