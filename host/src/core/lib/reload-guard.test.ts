import { describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS, reloadOnChunkError, type ReloadGuardDeps } from './reload-guard';

function fakeDeps(overrides: Partial<ReloadGuardDeps> = {}) {
  let session: string | null = null;
  let name = '';
  let now = 1_000_000;
  const deps: ReloadGuardDeps & { advance(ms: number): void } = {
    now: () => now,
    readSession: () => session,
    writeSession: (v) => {
      session = v;
    },
    readWindowName: () => name,
    writeWindowName: (v) => {
      name = v;
    },
    reload: vi.fn(),
    advance: (ms) => {
      now += ms;
    },
    ...overrides,
  };
  return deps;
}

describe('reloadOnChunkError', () => {
  it('reloads once, then not again within 10 s', () => {
    const deps = fakeDeps();
    expect(reloadOnChunkError(deps)).toBe(true);
    deps.advance(RELOAD_GUARD_MS - 1);
    expect(reloadOnChunkError(deps)).toBe(false);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again after 10 s', () => {
    const deps = fakeDeps();
    reloadOnChunkError(deps);
    deps.advance(RELOAD_GUARD_MS);
    expect(reloadOnChunkError(deps)).toBe(true);
    expect(deps.reload).toHaveBeenCalledTimes(2);
  });

  it('keeps the guard in window.name when sessionStorage throws', () => {
    const deps = fakeDeps({
      readSession: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      writeSession: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(reloadOnChunkError(deps)).toBe(true);
    expect(reloadOnChunkError(deps)).toBe(false);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads when nothing can remember the reload', () => {
    const refuse = () => {
      throw new Error('denied');
    };
    const deps = fakeDeps({ readSession: refuse, writeSession: refuse, readWindowName: refuse, writeWindowName: refuse });
    expect(reloadOnChunkError(deps)).toBe(false);
    expect(reloadOnChunkError(deps)).toBe(false);
    expect(deps.reload).not.toHaveBeenCalled();
  });
});
