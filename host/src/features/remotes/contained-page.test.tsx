// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { ThemeName } from '@member/shared-core';

/** Which themes draw history, and whose page throws. */
const themes = vi.hoisted(() => ({
  line: ['PRE8', 'default', 'OSAKA39'] as string[],
  crashing: new Set<string>(),
  loads: [] as string[],
  // One promise per theme, as the loader keeps them, so React's use() sees the same one on every render.
  loaded: new Map<string, Promise<unknown>>(),
}));
const reportError = vi.hoisted(() => vi.fn());
vi.mock('../../core/lib/error-report', () => ({ reportError }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'th' } }) }));
vi.mock('./theme-loader', () => ({
  nextStandIn: (wanted: string, failed: readonly string[]) => themes.line.find((t) => t !== wanted && !failed.includes(t)) ?? null,
  standInComponent: (theme: string) => {
    if (!themes.loaded.has(theme)) {
      themes.loads.push(theme);
      themes.loaded.set(theme, Promise.resolve(pageOf(theme)));
    }
    return themes.loaded.get(theme);
  },
}));

function pageOf(theme: string) {
  return function Page() {
    if (themes.crashing.has(theme)) throw new Error(`${theme} history crashed`);
    return <p data-drawn-by={theme}>history</p>;
  };
}

const { ContainedPage } = await import('./contained-page');

let root: Root | null = null;
let host: HTMLElement;

async function show(wanted: ThemeName) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <MemoryRouter initialEntries={['/history']}>
        <ContainedPage Page={pageOf(wanted)} theme={wanted} wanted={wanted} what={{ kind: 'page', page: 'history' }} failed={[]} />
      </MemoryRouter>,
    );
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

beforeEach(() => {
  themes.crashing.clear();
  themes.loads = [];
  themes.loaded.clear();
  reportError.mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  vi.restoreAllMocks();
});

describe('a theme page that throws while it renders', () => {
  it('is drawn by the next theme in line, under a notice, with one report naming the theme that failed', async () => {
    themes.crashing.add('PRE8');
    await show('PRE8');
    expect(host.querySelector('[data-drawn-by]')?.getAttribute('data-drawn-by')).toBe('default');
    const notice = host.querySelector('[data-reason="render-error"]');
    expect(notice?.getAttribute('data-wanted-theme')).toBe('PRE8');
    expect(notice?.textContent).toBe('fallback.crashed');
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith('render-error', expect.objectContaining({ message: 'PRE8 history crashed' }), 'PRE8');
  });

  it('goes on along the line when the stand-in throws too, and ends on the host page when every theme does', async () => {
    themes.crashing.add('PRE8');
    themes.crashing.add('default');
    await show('PRE8');
    expect(host.querySelector('[data-drawn-by]')?.getAttribute('data-drawn-by')).toBe('OSAKA39');
    expect(themes.loads).toEqual(['default', 'OSAKA39']);
    act(() => root?.unmount());
    host.remove();

    themes.crashing.add('OSAKA39');
    await show('PRE8');
    expect(host.querySelector('[data-drawn-by]')).toBeNull();
    expect(host.querySelector('[data-testid="load-failure"]')).not.toBeNull();
  });

  it('a page that renders is left alone', async () => {
    await show('PRE8');
    expect(host.querySelector('[data-drawn-by]')?.getAttribute('data-drawn-by')).toBe('PRE8');
    expect(host.querySelector('[data-reason]')).toBeNull();
    expect(reportError).not.toHaveBeenCalled();
  });
});
