import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPreviewBridge, PreviewProviders } from '@member/theme-kit';
import { describeThemeContract, describeThemeTokens, flavoursUsedBy } from '@member/theme-kit/vitest';
import Layout from './layout';
import { themePairs, tokens } from './tokens';

describeThemeContract({ theme: 'OSAKA39', Layout, loadPage: (key) => import(`./pages/${key}.tsx`) });

const css = readFileSync(`${import.meta.dirname}/theme.module.css`, 'utf8');
// Every flavour the demo deployment's sites ask of this theme exists (and passes the contrast checks).
const flavours = flavoursUsedBy('OSAKA39', readFileSync(`${import.meta.dirname}/../../sites.json`, 'utf8'));
describeThemeTokens({ tokens, flavours, css, extraPairs: themePairs });

describe('OSAKA39 look', () => {
  it('lays the menu out as icon tiles and draws the login scene as decoration only', async () => {
    const bridge = createPreviewBridge({ site: { name: 'OSAKA39' } });
    const { unmount } = render(
      <PreviewProviders bridge={bridge} page="fish">
        <Layout>
          <p>fish lobby</p>
        </Layout>
      </PreviewProviders>,
    );
    const tiles = within(screen.getByTestId('main-menu')).getAllByRole('link');
    for (const tile of tiles) expect(tile.querySelector('svg')).not.toBeNull();
    unmount();

    const { default: Login } = await import('./pages/login');
    const { container } = render(
      <PreviewProviders bridge={bridge} page="login">
        <Login />
      </PreviewProviders>,
    );
    const scene = container.querySelector('svg[viewBox="0 0 400 200"]');
    expect(scene?.getAttribute('aria-hidden')).toBe('true');
  });
});
