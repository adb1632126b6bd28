import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPreviewBridge, PreviewProviders } from '@member/theme-kit';
import { describeThemeContract, describeThemeTokens, flavoursUsedBy } from '@member/theme-kit/vitest';
import Layout from './layout';
import { themePairs, tokens } from './tokens';

describeThemeContract({ theme: 'default', Layout, loadPage: (key) => import(`./pages/${key}.tsx`) });

// Every flavour the demo deployment's sites ask of this theme exists (and passes the contrast checks).
const flavours = flavoursUsedBy('default', readFileSync(`${import.meta.dirname}/../../sites.json`, 'utf8'));
describeThemeTokens({ tokens, flavours, css: readFileSync(`${import.meta.dirname}/theme.module.css`, 'utf8'), extraPairs: themePairs });

describe('default look', () => {
  it('puts the main menu after the app bar, as the tab bar, with an icon per entry', () => {
    render(
      <PreviewProviders bridge={createPreviewBridge()} page="slot">
        <Layout>
          <p>slot lobby</p>
        </Layout>
      </PreviewProviders>,
    );
    const header = screen.getByRole('banner');
    const nav = screen.getByTestId('main-menu');
    expect(header.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(nav.querySelectorAll('a svg').length).toBe(nav.querySelectorAll('a').length);
    expect(header.contains(screen.getByTestId('site-name'))).toBe(true);
  });
});
