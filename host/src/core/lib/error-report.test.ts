// @vitest-environment happy-dom
import { APP_VERSION, PAGE_KEYS } from '@member/shared-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createErrorReporter,
  errorReporter,
  installGlobalErrorReports,
  MAX_REPORTS_PER_PAGE,
  scrubMessage,
  type ErrorReport,
} from './error-report';

function setUp(options: { random?: number; pathname?: string } = {}) {
  const sent: Array<{ url: string; report: ErrorReport }> = [];
  const reporter = createErrorReporter({
    send: (url, body) => sent.push({ url, report: JSON.parse(body) as ErrorReport }),
    random: () => options.random ?? 0,
    now: () => Date.UTC(2026, 10, 23, 12, 0, 0),
    pathname: () => options.pathname ?? '/login/theme/PRE8',
  });
  return { reporter, sent };
}

const context = { url: 'http://reports.example/r', site: 'pre8', theme: 'PRE8', version: APP_VERSION, pages: PAGE_KEYS };

describe('error reports', () => {
  it('sends kind, message, site, theme, page, path, version and time to the configured URL', () => {
    const { reporter, sent } = setUp();
    reporter.configure(context);
    reporter.report('theme-fallback', new Error('theme PRE8 unavailable'), 'PRE8');
    expect(sent).toEqual([
      {
        url: 'http://reports.example/r',
        report: {
          kind: 'theme-fallback',
          message: 'Error: theme PRE8 unavailable',
          site: 'pre8',
          theme: 'PRE8',
          page: 'login',
          path: '/login/theme/PRE8',
          version: APP_VERSION,
          time: '2026-11-23T12:00:00.000Z',
        },
      },
    ]);
  });

  it('keeps reports made before config.json and sends them once it is known, with the site filled in', () => {
    const { reporter, sent } = setUp({ pathname: '/deposit' });
    reporter.report('window-error', 'boom');
    expect(sent).toEqual([]);
    reporter.configure({ ...context, theme: 'default' });
    expect(sent.map((s) => s.report)).toMatchObject([{ kind: 'window-error', site: 'pre8', theme: 'default', page: 'deposit' }]);
  });

  it('sends nothing without a URL', () => {
    const { reporter, sent } = setUp();
    reporter.configure({ ...context, url: undefined });
    reporter.report('window-error', 'boom');
    expect(sent).toEqual([]);
  });

  it('samples the page load once: all of its reports or none', () => {
    const kept = setUp({ random: 0.3 });
    kept.reporter.configure({ ...context, sampleRate: 0.5 });
    kept.reporter.report('window-error', 'a');
    kept.reporter.report('window-error', 'b');
    expect(kept.sent).toHaveLength(2);
    const dropped = setUp({ random: 0.7 });
    dropped.reporter.configure({ ...context, sampleRate: 0.5 });
    dropped.reporter.report('window-error', 'a');
    expect(dropped.sent).toHaveLength(0);
    const never = setUp({ random: 0 });
    never.reporter.configure({ ...context, sampleRate: 0 });
    never.reporter.report('window-error', 'a');
    expect(never.sent).toHaveLength(0);
  });

  it('sends the same kind and message once, and other kinds or messages beside it', () => {
    const { reporter, sent } = setUp();
    reporter.configure(context);
    reporter.report('chunk-reload', new Error('Loading chunk 5 failed'));
    reporter.report('chunk-reload', new Error('Loading chunk 5 failed'));
    reporter.report('chunk-gave-up', new Error('Loading chunk 5 failed'));
    reporter.report('chunk-reload', new Error('Loading chunk 6 failed'));
    expect(sent.map((s) => `${s.report.kind} ${s.report.message}`)).toEqual([
      'chunk-reload Error: Loading chunk 5 failed',
      'chunk-gave-up Error: Loading chunk 5 failed',
      'chunk-reload Error: Loading chunk 6 failed',
    ]);
  });

  it(`sends at most ${MAX_REPORTS_PER_PAGE} reports from one page load`, () => {
    const { reporter, sent } = setUp();
    reporter.configure(context);
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i += 1) reporter.report('window-error', `error ${i}`);
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it('strips queries, tokens, long opaque strings and phone numbers from the message', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const scrubbed = scrubMessage(
      `GET http://localhost:3100/api/getProfile?token=abc&phone=0812345678#frag failed; Bearer abc.def; ${token}; key 0123456789abcdef0123456789abcdef01; member 081-234-5678; chunk 512 of 1024`,
    );
    expect(scrubbed).toBe(
      'GET http://localhost:3100/api/getProfile failed; Bearer [removed] [token]; key [removed]; member [number]; chunk 512 of 1024',
    );
    expect(scrubMessage('x'.repeat(1000)).length).toBeLessThanOrEqual(300);
  });

  it('keeps a chunk URL whole, however long its file name, and still removes keys, tokens and numbers from a path', () => {
    const chunk = 'http://localhost:3002/static/js/async/__federation_expose_pages__login.953e71b76c.js';
    expect(scrubMessage(`Loading chunk ip failed.\n(error: ${chunk})`)).toBe(`Loading chunk ip failed.\n(error: ${chunk})`);
    expect(
      scrubMessage(
        'GET https://api.example.test/s/0123456789abcdef0123456789abcdef01/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl/AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh/member/0812345678.json?x=1 failed',
      ),
    ).toBe('GET https://api.example.test/s/[removed]/[token]/[removed]/member/[number].json failed');
  });

  it('removes the exact token, phone, name and game users the page knows, whatever their length, and stops when told', () => {
    const { reporter, sent } = setUp();
    reporter.configure(context);
    // A 24-character token fragment and a name: no pattern would catch them.
    const secrets = ['tok_9f8e7d6c5b4a3f2e1d0c', 'สมชาย ใจดี', '0812345678', 'pre8ufa001', 'Gp4ss'];
    const forget = reporter.knowSecrets(() => secrets);
    reporter.report('render-error', new Error('tok_9f8e7d6c5b4a3f2e1d0c for สมชาย ใจดี (0812345678) on pre8ufa001/Gp4ss; amount 300'));
    expect(sent[0]?.report.message).toBe('Error: [removed] for [removed] ([removed]) on [removed]/[removed]; amount 300');
    forget();
    reporter.report('render-error', new Error('Gp4ss again'));
    expect(sent[1]?.report.message).toBe('Error: Gp4ss again');
  });

  it('a source of known values that throws adds nothing and the report still goes', () => {
    const { reporter, sent } = setUp();
    reporter.configure(context);
    reporter.knowSecrets(() => {
      throw new Error('no session');
    });
    reporter.report('render-error', new Error('x'));
    expect(sent).toHaveLength(1);
  });

  it("sends the page's path without its query", () => {
    const { reporter, sent } = setUp({ pathname: '/withdraw?token=secret' });
    reporter.configure(context);
    reporter.report('render-error', new TypeError('x is undefined'));
    expect(sent[0]?.report).toMatchObject({ path: '/withdraw', page: 'withdraw', message: 'TypeError: x is undefined' });
    expect(JSON.stringify(sent)).not.toContain('secret');
  });
});

describe("the page's reporter", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts an uncaught error as text/plain JSON, kept alive past unload and without cookies', () => {
    const fetchMock = vi.fn((..._args: unknown[]) => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', fetchMock);
    const target = new EventTarget();
    installGlobalErrorReports(target as unknown as Window);
    errorReporter.configure({ ...context, sampleRate: 1 });
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('boom at http://x.example/a?token=1') }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'lost promise' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://reports.example/r');
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(JSON.parse(init.body as string)).toMatchObject({ kind: 'window-error', message: 'Error: boom at http://x.example/a' });
    expect(JSON.parse((fetchMock.mock.calls[1] as [string, RequestInit])[1].body as string)).toMatchObject({
      kind: 'unhandled-rejection',
      message: 'lost promise',
    });
  });
});
