import { createJiti } from 'jiti';
import type { ThemeTokenTable } from '@member/shared-core';

export interface ThemeTokensRead {
  tokens: ThemeTokenTable;
  /** tokens.ts and every file of the theme it imported: what the dev server must watch for the CSS to follow. */
  files: string[];
}

/**
 * A tokens.ts that cannot be read, or exports no table. The message names the file (a parse error adds line and
 * column), and the stack keeps only the frames in the theme's own files (where a thrown error came from): the
 * loader's frames say nothing to the brand team reading the build error.
 */
export class ThemeTokensError extends Error {
  /** Files read before it failed: still to be watched, so saving the fix rebuilds. */
  readonly files: string[];
  constructor(message: string, files: string[], cause?: unknown) {
    super(message, { cause });
    this.name = 'ThemeTokensError';
    this.files = files;
    const frames = (cause instanceof Error ? (cause.stack ?? '') : '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line) && files.some((file) => line.includes(file)));
    this.stack = [`${this.name}: ${message}`, ...frames].join('\n');
  }
}

const isTable = (value: unknown): value is ThemeTokenTable =>
  typeof value === 'object' &&
  value !== null &&
  ['common', 'light', 'dark'].every((key) => typeof (value as Record<string, unknown>)[key] === 'object');

/**
 * Reads a theme's tokens.ts under Node, outside the bundler. The bundler's own build-time execution
 * (`importModule`) brought the dev server down whenever tokens.ts changed (an rspack panic), so the file is
 * compiled by jiti instead: TypeScript and imports handled, parse errors with file, line and column, and no module
 * cache, so each call reads the files as they are now. Every file compiled on the way is reported, so the caller
 * can watch tokens.ts and what it imports.
 */
export async function readThemeTokens(file: string): Promise<ThemeTokensRead> {
  const files = new Set<string>([file]);
  const options = { moduleCache: false, fsCache: false, interopDefault: false };
  const compiler = createJiti(file, options);
  const reader = createJiti(file, {
    ...options,
    transform: (input) => {
      if (input.filename) files.add(input.filename);
      return { code: compiler.transform(input) };
    },
  });
  let exported: { tokens?: unknown };
  try {
    exported = await reader.import<{ tokens?: unknown }>(file);
  } catch (error) {
    throw new ThemeTokensError(`${file} could not be read: ${error instanceof Error ? error.message : String(error)}`, [...files], error);
  }
  if (!isTable(exported.tokens)) {
    throw new ThemeTokensError(`${file} must export \`tokens\`, its ThemeTokenTable (common, light, dark and flavours)`, [...files]);
  }
  return { tokens: exported.tokens, files: [...files] };
}
