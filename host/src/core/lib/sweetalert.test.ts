// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import Swal from './sweetalert';

function preferLessMotion(less: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: less && query === '(prefers-reduced-motion: reduce)' }));
}

const popup = () => document.querySelector('.swal2-popup');

afterEach(() => {
  document.querySelector<HTMLButtonElement>('.swal2-confirm')?.click();
  document.querySelector('.swal2-container')?.remove();
  vi.unstubAllGlobals();
});

describe("the host's dialogs", () => {
  it('zoom in for a member who did not ask for less motion', async () => {
    preferLessMotion(false);
    void Swal.fire({ title: 'A' });
    await vi.waitFor(() => expect(popup()).not.toBeNull());
    expect(popup()!.classList.contains('swal2-show')).toBe(true);
    expect(document.querySelector('.swal2-container')!.classList.contains('mc-dialog')).toBe(true);
  });

  it('appear and go at once for a member who asked for less motion, in the page theme still', async () => {
    preferLessMotion(true);
    const closed = Swal.fire({ title: 'B' });
    await vi.waitFor(() => expect(popup()).not.toBeNull());
    expect(popup()!.classList.contains('swal2-show')).toBe(false);
    expect(document.querySelector('.swal2-container')!.classList.contains('mc-dialog')).toBe(true);
    document.querySelector<HTMLButtonElement>('.swal2-confirm')!.click();
    await expect(closed).resolves.toMatchObject({ isConfirmed: true });
    expect(popup()).toBeNull();
  });
});
