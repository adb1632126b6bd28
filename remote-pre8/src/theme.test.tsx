import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPreviewBridge, PreviewProviders } from '@member/theme-kit';
import { describeThemeContract, describeThemeTokens, flavoursUsedBy } from '@member/theme-kit/vitest';
import Layout from './layout';
import { themePairs, tokens } from './tokens';

const loadPage = (key: string) => import(`./pages/${key}.tsx`);

describeThemeContract({ theme: 'PRE8', Layout, loadPage });
// Every flavour the demo deployment's sites ask of this theme exists (and passes the contrast checks).
const flavours = flavoursUsedBy('PRE8', readFileSync(`${import.meta.dirname}/../../sites.json`, 'utf8'));
describeThemeTokens({ tokens, flavours, extraPairs: themePairs, css: readFileSync(`${import.meta.dirname}/theme.module.css`, 'utf8') });

describe('PRE8 look', () => {
  it('crowns the hero band with the logo and puts the chip menu right after it', () => {
    render(
      <PreviewProviders bridge={createPreviewBridge({ site: { name: 'PRE8' } })} page="cards">
        <Layout>
          <p>cards lobby</p>
        </Layout>
      </PreviewProviders>,
    );
    const hero = screen.getByRole('banner');
    expect(within(hero).getByTestId('site-logo')).toBeTruthy();
    expect(hero.nextElementSibling).toBe(screen.getByTestId('main-menu'));
    expect(within(screen.getByRole('contentinfo')).getByTestId('logout-button')).toBeTruthy();
  });
});
