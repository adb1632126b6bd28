import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createPreviewBridge, PreviewProviders, type PreviewBridgeOverrides } from '@member/theme-kit';
import { testIds } from '@member/shared-core';
import { LineContact } from '.';

afterEach(cleanup);

const show = (element: ReactElement, overrides: PreviewBridgeOverrides = {}) =>
  render(
    <PreviewProviders bridge={createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } })} page="login">
      {element}
    </PreviewProviders>,
  );

describe('LineContact', () => {
  it('links the LINE contact when its link is a web address, opened in a new tab without opener', () => {
    show(<LineContact />, { site: { lineLink: 'https://line.me/R/ti/p/@club', lineId: '@club' } });
    const contact = screen.getByTestId(testIds.lineContact);
    expect(contact.tagName).toBe('A');
    expect(contact.getAttribute('href')).toBe('https://line.me/R/ti/p/@club');
    expect(contact.getAttribute('target')).toBe('_blank');
    expect(contact.getAttribute('rel')).toBe('noopener noreferrer');
    expect(contact.textContent).toBe('LINE ID: @club');
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(document.cookie)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    'https://user:pw@line.me/R/ti/p/@club',
    'line',
    '',
  ])('shows the ID without a link for %j', (link) => {
    const { container } = show(<LineContact />, { site: { lineLink: link, lineId: '@club' } });
    const contact = screen.getByTestId(testIds.lineContact);
    expect(contact.tagName).toBe('SPAN');
    expect(contact.textContent).toBe('LINE ID: @club');
    expect(container.querySelector('a')).toBeNull();
  });

  it("checks each division's contact offered to a guest", () => {
    const lineContacts = [
      { id: '@north', link: 'https://line.me/R/ti/p/@north' },
      { id: '@south', link: 'javascript:alert(1)' },
    ];
    show(<LineContact />, { site: { lineId: '', lineContacts } });
    const [north, south] = screen.getAllByTestId(testIds.lineContact);
    expect(north?.tagName).toBe('A');
    expect(north?.getAttribute('href')).toBe('https://line.me/R/ti/p/@north');
    expect(south?.tagName).toBe('SPAN');
  });

  it('is absent when the brand has no LINE ID', () => {
    show(<LineContact />, { site: { lineId: '' } });
    expect(screen.queryByTestId(testIds.lineContact)).toBeNull();
  });
});
