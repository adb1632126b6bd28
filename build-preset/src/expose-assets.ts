// Build-time only: run by the federation plugin as it writes a theme remote's mf-manifest.json.

type AssetLists = { sync: string[]; async: string[] };
export type ExposeStats = { name: string; assets: { js: AssetLists; css: AssetLists } };
type ChunkGroupLike = { chunks: ReadonlyArray<{ files: Iterable<string> }> };
export type CompilationLike = { namedChunkGroups: { get(name: string): ChunkGroupLike | undefined } };

/** The chunk group the federation plugin makes for an exposed module: `pages/login` → `__federation_expose_pages__login`. */
export const exposeChunkGroupName = (expose: string) => `__federation_expose_${expose.replace(/\//g, '__')}`;

/**
 * Lists, in each expose's `sync` assets, every file of the chunks its loader fetches. The plugin leaves out a file it
 * also lists under a shared package, taking it for that package's fallback; but the bundler may put a module the
 * exposed module imports itself (a deep import of the contract) in the same chunk as that fallback, and the
 * remote's loader then fetches it whatever the share scope holds. The host and the inline start preload a page's
 * files from these lists, so a file missing there is asked for only once the remote's code has run: one more round
 * trip before the frame or a lobby can render.
 */
export function listEveryChunkOfEachExpose(exposes: ExposeStats[], compilation: CompilationLike): void {
  for (const expose of exposes) {
    const group = compilation.namedChunkGroups.get(exposeChunkGroupName(expose.name));
    if (!group) continue;
    for (const chunk of group.chunks) {
      for (const file of chunk.files) {
        const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : null;
        if (!kind) continue;
        const lists = expose.assets[kind];
        if (!lists.sync.includes(file)) lists.sync.push(file);
        lists.async = lists.async.filter((other) => other !== file);
      }
    }
  }
}
