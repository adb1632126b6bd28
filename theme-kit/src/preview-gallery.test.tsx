// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSite } from '@member/shared-core';
import { PreviewGallery } from './preview-gallery';
import type { PreviewLooks } from './preview-looks';

const looks: PreviewLooks = {
  flavours: ['acme-blue', 'acme-gold'],
  sites: [
    { key: 'mixd', name: 'Mixed Club', flavour: 'mix-violet', main: false },
    { key: 'gold', name: 'Gold Club', flavour: 'acme-gold', main: true },
  ],
};

/** A page that shows the flavour its bridge gives it, as a theme's pages and ThemeRoot read it. */
function FlavourPage() {
  return <p data-testid="page-flavour">{`flavour=${useSite().flavour}`}</p>;
}
const Layout = ({ children }: { children?: ReactNode }) => <div>{children}</div>;
const loadPage = () => Promise.resolve({ default: FlavourPage });

/** A dev server's answer the test gives when it likes. */
function deferredLooks() {
  let answer: (looks: PreviewLooks | null) => void = () => undefined;
  const promise = new Promise<PreviewLooks | null>((resolve) => (answer = resolve));
  return { load: () => promise, answer: (value: PreviewLooks | null) => act(async () => answer(value)) };
}

function openGallery(search: string, load: () => Promise<PreviewLooks | null>) {
  window.history.replaceState(null, '', `/${search}`);
  render(<PreviewGallery theme="Acme" Layout={Layout} loadPage={loadPage} loadLooks={load} />);
}

const flavourPicker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Site flavour' });
const address = () => new URLSearchParams(window.location.search);

beforeEach(() => delete document.documentElement.dataset.siteCss);
afterEach(cleanup);

describe('the preview gallery’s site flavour', () => {
  it('opens in the flavour of the theme’s first site once the dev server names it, on the document, the bridge and the address', async () => {
    const server = deferredLooks();
    openGallery('?page=login&lang=en', server.load);
    // Nothing chosen yet: no page in another look, and nothing in the address a reload would take for a choice.
    expect(screen.queryByTestId('page-flavour')).toBeNull();
    expect(address().has('flavour')).toBe(false);
    await server.answer(looks);
    expect(await screen.findByTestId('page-flavour')).toHaveProperty('textContent', 'flavour=acme-gold');
    expect(document.documentElement.dataset.siteCss).toBe('acme-gold');
    expect(address().get('flavour')).toBe('acme-gold');
    expect(flavourPicker().value).toBe('acme-gold');
  });

  it('offers none, the theme’s flavours with their sites, and a flavour a site asks for that tokens.ts lacks', async () => {
    const server = deferredLooks();
    openGallery('?page=login&lang=en', server.load);
    await server.answer(looks);
    await screen.findByTestId('page-flavour');
    expect([...flavourPicker().options].map((option) => [option.value, option.textContent])).toEqual([
      ['', 'None: the theme’s base colours'],
      ['acme-blue', 'acme-blue (no site yet)'],
      ['acme-gold', 'acme-gold (Gold Club)'],
      ['mix-violet', 'mix-violet (Mixed Club): not in tokens.ts, base colours'],
    ]);
  });

  it('shows the flavour the address names at once, and follows the picker, none included', async () => {
    const server = deferredLooks();
    openGallery('?page=profile&lang=en&flavour=acme-blue', server.load);
    expect(await screen.findByTestId('page-flavour')).toHaveProperty('textContent', 'flavour=acme-blue');
    expect(document.documentElement.dataset.siteCss).toBe('acme-blue');
    await server.answer(looks);

    fireEvent.change(flavourPicker(), { target: { value: 'mix-violet' } });
    expect(screen.getByTestId('page-flavour').textContent).toBe('flavour=mix-violet');
    expect(document.documentElement.dataset.siteCss).toBe('mix-violet');
    expect(address().get('flavour')).toBe('mix-violet');

    fireEvent.change(flavourPicker(), { target: { value: '' } });
    expect(screen.getByTestId('page-flavour').textContent).toBe('flavour=');
    expect(document.documentElement.dataset.siteCss).toBeUndefined();
    expect(address().get('flavour')).toBe('');
  });

  it('without the dev server’s answer, shows the theme’s base colours and offers none but them', async () => {
    const server = deferredLooks();
    openGallery('?page=login&lang=en', server.load);
    await server.answer(null);
    expect(await screen.findByTestId('page-flavour')).toHaveProperty('textContent', 'flavour=');
    expect(document.documentElement.dataset.siteCss).toBeUndefined();
    expect([...flavourPicker().options].map((option) => option.value)).toEqual(['']);
  });
});
