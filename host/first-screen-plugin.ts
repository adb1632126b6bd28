import { rspack, type RsbuildPlugin } from '@rsbuild/core';
// The subpaths, not the package's index: the config is loaded by Node, which reads no JSX.
import { CONTRACT_VERSION, MANIFEST_CONTRACT_KEY, MANIFEST_MIN_HOST_KEY } from '@member/shared-core/contract';
import { FRAMELESS_PAGES } from '@member/shared-core/routes';
import { earlyStart, type EarlyHints } from './src/config/early-start';
import { DARK_KEY, LOCALE_KEY } from './src/lib/locale-key';

/**
 * Puts into index.html what the first screen needs, so the browser asks for it while the HTML is read:
 * - a preload of every file the entry loads at start (the app behind its async boundary and the shared
 *   modules' own chunks), which the browser would otherwise find only once the entry has run;
 * - the inline early start (src/boot/early-start.ts), minified, given this build's string chunks.
 */
export function firstScreenPlugin(): RsbuildPlugin {
  return {
    name: 'member-first-screen',
    setup(api) {
      api.modifyHTMLTags(async (tags, { compilation, assetPrefix }) => {
        const url = (file: string) => `${assetPrefix.replace(/\/$/, '')}/${file}`;
        const startFiles = new Set<string>();
        for (const chunk of compilation.chunks) {
          const atStart = [...chunk.groupsIterable].some((group) => group.getParents().some((parent) => parent.name === 'index'));
          if (atStart) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) startFiles.add(file);
        }
        const stringsChunk = (locale: 'th' | 'en') => {
          const group = compilation.namedChunkGroups.get(`strings-${locale}-guest`);
          const file = group?.chunks.flatMap((chunk) => [...chunk.files]).find((f) => f.endsWith('.js'));
          if (!file) throw new Error(`first-screen plugin: no chunk for the ${locale} guest strings (init-i18n.ts names them)`);
          return url(file);
        };
        const hints: EarlyHints = {
          strings: { th: stringsChunk('th'), en: stringsChunk('en') },
          localeKey: LOCALE_KEY,
          darkKey: DARK_KEY,
          frameless: FRAMELESS_PAGES,
          contractKey: MANIFEST_CONTRACT_KEY,
          contractMajor: CONTRACT_VERSION.split('.')[0]!,
          minHostKey: MANIFEST_MIN_HOST_KEY,
          contractVersion: CONTRACT_VERSION,
        };
        const source = `(${earlyStart.toString()})(window,${JSON.stringify(hints)});`;
        const { code } = await rspack.experiments.swc.minify(source, { compress: true, mangle: true, ecma: 2019 });
        if (!code.trim()) throw new Error('first-screen plugin: the early start minified to nothing');
        const preloads = [...startFiles].sort().map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: file.endsWith('.css') ? 'style' : 'script', href: url(file) },
        }));
        // The entry first: it is what runs first, and a deferred script would otherwise wait behind the preloads.
        const headTags = tags.headTags.map((tag) => (tag.tag === 'script' && tag.attrs?.src ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } } : tag));
        return { ...tags, headTags: [{ tag: 'script', children: code }, ...headTags, ...preloads] };
      });
    },
  };
}
