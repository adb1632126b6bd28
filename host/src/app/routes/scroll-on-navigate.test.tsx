// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ScrollOnNavigate } from './scroll-on-navigate';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** How long a hash target is waited for once the page has changed, written out. */
const THREE_SECONDS = 3_000;

let root: Root | null = null;
let router: ReturnType<typeof createMemoryRouter> | null = null;
let scrolledTo: string[] = [];

async function open(path: string) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  router = createMemoryRouter([{ path: '*', element: <ScrollOnNavigate /> }], { initialEntries: [path] });
  await act(async () => root!.render(<RouterProvider router={router!} />));
}

/** A remote's page arriving late with an element of that id. */
async function arrives(id: string) {
  const el = document.createElement('section');
  el.id = id;
  el.scrollIntoView = () => void scrolledTo.push(id);
  await act(async () => {
    document.body.append(el);
    await vi.advanceTimersByTimeAsync(0);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  scrolledTo = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  router = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('scrolling on a new page', () => {
  it('starts a page without a hash at the top', async () => {
    await open('/profile');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to a hash target that arrives within 3 seconds', async () => {
    await open('/info#change-password');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(THREE_SECONDS - 1);
    });
    await arrives('change-password');
    expect(scrolledTo).toEqual(['change-password']);
  });

  it('gives up on a hash target after 3 seconds', async () => {
    await open('/info#change-password');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(THREE_SECONDS);
    });
    await arrives('change-password');
    expect(scrolledTo).toEqual([]);
  });

  it("stops waiting for the last page's target once the page changes", async () => {
    await open('/info#change-password');
    await act(async () => router!.navigate('/profile'));
    await arrives('change-password');
    expect(scrolledTo).toEqual([]);
  });
});
