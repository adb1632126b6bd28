// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refetchCopies, suspectCopies, urlsIn } from './stored-copies';
import { testSha384Of } from '../../core/lib/test-release-signing';

const A = 'https://pre8.test/static/js/async/a.0123abcd.js';
const B = 'https://pre8.test/static/js/async/b.0123abcd.js';
const C = 'https://pre8.test/static/js/async/c.0123abcd.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a wrong copy the browser holds of a release', () => {
  it('suspects only a file the failure names, that the release signs, and that arrived whole', () => {
    const statuses: Record<string, number> = { [A]: 200, [B]: 404 };
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
      statuses[name] ? [{ responseStatus: statuses[name] } as unknown as PerformanceEntry] : [],
    );
    const signed = new Map([
      [A, 'sha384-a'],
      [B, 'sha384-b'],
      [C, 'sha384-c'],
    ]);
    const failure = new Error(`Loading chunk 1 failed.\n(error: ${A})\nLoading chunk 2 failed.\n(error: ${B}) https://elsewhere.test/x.js`);
    expect(suspectCopies(failure, signed)).toEqual(new Map([[A, 'sha384-a']]));
  });

  it('fetches each past every cache: the signed copy heals it, a wrong one again is named, a missing one is left alone', async () => {
    const network: Record<string, string | number> = { [A]: 'a', [B]: 'altered again', [C]: 404 };
    const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
      const body = network[url]!;
      return Promise.resolve(typeof body === 'number' ? new Response('gone', { status: body }) : new Response(body));
    });
    vi.stubGlobal('fetch', fetchMock);
    const files = new Map([
      [A, await testSha384Of('a')],
      [B, await testSha384Of('b')],
      [C, await testSha384Of('c')],
    ]);
    expect(await refetchCopies(files, 1000)).toEqual({ healed: [A], stillWrong: [B] });
    expect(fetchMock.mock.calls.map(([, init]) => init?.cache)).toEqual(['reload', 'reload', 'reload']);
  });

  it('reads the addresses a chunk loader names in its failure', () => {
    expect(urlsIn(new Error(`Loading chunk 12 failed.\n(error: ${A})`))).toEqual([A]);
    expect(urlsIn('nothing here')).toEqual([]);
  });
});
