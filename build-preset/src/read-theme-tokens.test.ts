import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readThemeTokens, ThemeTokensError } from './read-theme-tokens';

let dir = '';
let tokensFile = '';
let paletteFile = '';

const tokensSource = (extra = '') => `import type { ThemeTokenTable } from '@member/shared-core';
import { accent } from './palette';

export const tokens = {
  common: { '--mc-radius': '8px' },
  light: { '--mc-primary': accent },
  dark: { '--mc-primary': '#9ab0ff' },
  flavours: { plain: { light: {}, dark: {} } },
} satisfies ThemeTokenTable;
${extra}`;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'theme-tokens-'));
  tokensFile = path.join(dir, 'tokens.ts');
  paletteFile = path.join(dir, 'palette.ts');
  writeFileSync(paletteFile, "export const accent: string = '#1040c0';\n");
  writeFileSync(tokensFile, tokensSource());
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The error readThemeTokens rejects with. */
async function failure(file: string): Promise<ThemeTokensError> {
  const error: unknown = await readThemeTokens(file).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ThemeTokensError);
  return error as ThemeTokensError;
}

describe('reading a theme’s tokens.ts outside the bundler', () => {
  it('gives the table, with what it imports from the theme’s own files, and names every file read', async () => {
    const { tokens, files } = await readThemeTokens(tokensFile);
    expect(tokens).toEqual({
      common: { '--mc-radius': '8px' },
      light: { '--mc-primary': '#1040c0' },
      dark: { '--mc-primary': '#9ab0ff' },
      flavours: { plain: { light: {}, dark: {} } },
    });
    expect(files.sort()).toEqual([paletteFile, tokensFile].sort());
  });

  it('reads the files as they are now on every call: a saved edit, in tokens.ts or a file it imports, is never served from a cache', async () => {
    await readThemeTokens(tokensFile);
    writeFileSync(paletteFile, "export const accent: string = '#0b6b3a';\n");
    expect((await readThemeTokens(tokensFile)).tokens.light['--mc-primary']).toBe('#0b6b3a');
    writeFileSync(tokensFile, tokensSource("tokens.dark['--mc-primary'] = '#6fe3a4';\n"));
    expect((await readThemeTokens(tokensFile)).tokens.dark['--mc-primary']).toBe('#6fe3a4');
  });

  it('names the file, line and column of a syntax error, and still lists the file to watch', async () => {
    writeFileSync(tokensFile, tokensSource().replace("'--mc-radius': '8px'", "'--mc-radius' '8px'"));
    const error = await failure(tokensFile);
    expect(error.message).toContain(`${tokensFile} could not be read`);
    expect(error.message).toContain(`${tokensFile}:5:`);
    expect(error.files).toContain(tokensFile);
  });

  it('points a thrown error at its line in tokens.ts, without the loader’s own frames', async () => {
    writeFileSync(tokensFile, tokensSource('if (tokens) throw new Error("no such shade");\n'));
    const error = await failure(tokensFile);
    expect(error.message).toBe(`${tokensFile} could not be read: no such shade`);
    expect(error.stack?.split('\n')).toEqual([`ThemeTokensError: ${error.message}`, expect.stringContaining(`${tokensFile}:10:`)]);
  });

  it('refuses a tokens.ts without a `tokens` table', async () => {
    writeFileSync(tokensFile, tokensSource().replace('export const tokens', 'export const palette'));
    const error = await failure(tokensFile);
    expect(error.message).toBe(`${tokensFile} must export \`tokens\`, its ThemeTokenTable (common, light, dark and flavours)`);
    expect(error.files).toContain(tokensFile);
  });

  it('names a tokens.ts that is not there', async () => {
    const error = await failure(path.join(dir, 'missing', 'tokens.ts'));
    expect(error.message).toContain(`${path.join(dir, 'missing', 'tokens.ts')} could not be read`);
  });
});
