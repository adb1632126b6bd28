import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { themeTokensCss, themeTokensPlugin } from './theme-tokens-css';

const table = {
  common: { '--mc-radius': '8px' },
  light: { '--mc-bg': '#ffffff', '--mc-primary': '#1040c0' },
  dark: { '--mc-bg': '#000000', '--mc-primary': '#9ab0ff' },
  flavours: {
    plain: { light: {}, dark: {} },
    'demo-green': { light: { '--mc-primary': '#0b6b3a' }, dark: { '--mc-primary': '#6fe3a4' } },
  },
};

/** The rules of a stylesheet as selector list → declarations. */
function rules(css: string): Map<string, string> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map(
    [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => [m[1]!.trim().replace(/\s+/g, ' '), m[2]!.trim().replace(/\s+/g, ' ')]),
  );
}

describe('a theme’s tokens as CSS', () => {
  const css = rules(themeTokensCss('Acme', table));

  it('gives the theme’s class and the document it draws the common and light tokens', () => {
    expect(css.get(".theme, :global(html[data-page-theme='Acme'])")).toBe(
      '--mc-theme-tokens: Acme; --mc-radius: 8px; --mc-bg: #ffffff; --mc-primary: #1040c0;',
    );
  });

  it('gives the dark tokens under a dark document', () => {
    expect(css.get(":global(html[data-theme='dark']) .theme, :global(html[data-theme='dark'][data-page-theme='Acme'])")).toBe(
      '--mc-bg: #000000; --mc-primary: #9ab0ff;',
    );
  });

  it('gives each flavour its colours per scheme, naming the scheme so it outranks the scheme’s own rule', () => {
    expect(
      css.get(
        ":global(html:not([data-theme='dark'])[data-site-css='demo-green']) .theme, :global(html:not([data-theme='dark'])[data-site-css='demo-green'][data-page-theme='Acme'])",
      ),
    ).toBe('--mc-flavour: demo-green; --mc-primary: #0b6b3a;');
    expect(
      css.get(
        ":global(html[data-theme='dark'][data-site-css='demo-green']) .theme, :global(html[data-theme='dark'][data-site-css='demo-green'][data-page-theme='Acme'])",
      ),
    ).toBe('--mc-flavour: demo-green; --mc-primary: #6fe3a4;');
  });

  it('names every flavour it has, even one that changes no colour, so a missing one can be told apart', () => {
    expect(
      css.get(
        ":global(html:not([data-theme='dark'])[data-site-css='plain']) .theme, :global(html:not([data-theme='dark'])[data-site-css='plain'][data-page-theme='Acme'])",
      ),
    ).toBe('--mc-flavour: plain;');
    expect(css.size).toBe(6);
  });
});

describe('the build’s theme tokens plugin', () => {
  type Handler = (context: { code: string; resourcePath: string; addDependency(file: string): void }) => Promise<string>;
  let remote = '';

  beforeEach(() => {
    remote = mkdtempSync(path.join(os.tmpdir(), 'remote-tokens-'));
    mkdirSync(path.join(remote, 'src'));
    writeFileSync(path.join(remote, 'package.json'), JSON.stringify({ memberTheme: { name: 'Acme', port: 3999, cssPrefix: 'ac' } }));
    writeFileSync(
      path.join(remote, 'src', 'tokens.ts'),
      `import type { ThemeTokenTable } from '@member/shared-core';\nexport const tokens = ${JSON.stringify(table)} satisfies ThemeTokenTable;\n`,
    );
  });
  afterEach(() => rmSync(remote, { recursive: true, force: true }));

  /** The plugin's transform of src/theme.module.css, as the build registers it. */
  function transformOf(dirname: string): { test: RegExp; handler: Handler } {
    let registered: { test: RegExp; handler: Handler } | undefined;
    themeTokensPlugin(dirname).setup({ transform: ({ test }, handler) => (registered = { test, handler }) });
    return registered!;
  }

  it('appends tokens.ts as CSS to the theme’s CSS module and makes tokens.ts a dependency of it, so the dev server rebuilds on a save', async () => {
    const { test, handler } = transformOf(remote);
    const resourcePath = path.join(remote, 'src', 'theme.module.css');
    expect(test.test(resourcePath)).toBe(true);
    const dependencies: string[] = [];
    const css = await handler({ code: '.theme { color: red; }', resourcePath, addDependency: (file) => dependencies.push(file) });
    expect(css).toBe(`.theme { color: red; }\n${themeTokensCss('Acme', table)}`);
    expect(dependencies).toEqual([path.join(remote, 'src', 'tokens.ts')]);
  });

  it('fails the module’s build on a broken tokens.ts, still watching it so the fix is built', async () => {
    writeFileSync(path.join(remote, 'src', 'tokens.ts'), 'export const tokens = {\n');
    const { handler } = transformOf(remote);
    const dependencies: string[] = [];
    await expect(
      handler({ code: '', resourcePath: path.join(remote, 'src', 'theme.module.css'), addDependency: (file) => dependencies.push(file) }),
    ).rejects.toThrow(`${path.join(remote, 'src', 'tokens.ts')} could not be read`);
    expect(dependencies).toEqual([path.join(remote, 'src', 'tokens.ts')]);
  });
});
