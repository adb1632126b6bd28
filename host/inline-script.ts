import path from 'node:path';
import { build } from 'esbuild';

/**
 * A script the page runs inline: `start(window, hints)` from `file` (relative to the host), bundled with the modules it
 * imports into one function scope and minified, for the browsers the host supports (first-screen-plugin.ts puts it
 * in index.html). esbuild rather than a second rspack compilation: it bundles to a string in memory, in milliseconds,
 * with no output folder or loader set-up.
 */
export async function inlineScript(file: string, start: string, hints: object): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { ${start} } from './${file}';\n${start}(window, ${JSON.stringify(hints)});`,
      resolveDir: import.meta.dirname,
      sourcefile: `inline-${start}.ts`,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text.trim() ?? '';
  if (!code) throw new Error(`inline script: ${path.basename(file)} bundled to nothing`);
  return code;
}
