import { describe, expect, it } from 'vitest';
import { exposeChunkGroupName, listEveryChunkOfEachExpose, type CompilationLike, type ExposeStats } from './expose-assets';

const lists = (sync: string[], async: string[] = []) => ({ sync, async });

function compilationOf(groups: Record<string, string[][]>): CompilationLike {
  return {
    namedChunkGroups: new Map(
      Object.entries(groups).map(([name, chunks]) => [name, { chunks: chunks.map((files) => ({ files: new Set(files) })) }]),
    ),
  };
}

describe("each expose's files in a remote's manifest", () => {
  it('names the chunk group the federation plugin makes for an expose', () => {
    expect(exposeChunkGroupName('layout')).toBe('__federation_expose_layout');
    expect(exposeChunkGroupName('pages/login')).toBe('__federation_expose_pages__login');
  });

  it("adds a chunk the expose's loader fetches that the plugin listed only under a shared package, CSS too", () => {
    const layout: ExposeStats = {
      name: 'layout',
      assets: { js: lists(['js/layout.js', 'js/c.js']), css: lists(['css/layout.css']) },
    };
    const slot: ExposeStats = {
      name: 'pages/slot',
      assets: { js: lists(['js/slot.js'], ['js/fallback.js']), css: lists([]) },
    };
    listEveryChunkOfEachExpose(
      [layout, slot],
      compilationOf({
        __federation_expose_layout: [['js/layout.js', 'css/layout.css'], ['js/c.js', 'js/c.js.LICENSE.txt'], ['js/fallback.js']],
        __federation_expose_pages__slot: [['js/slot.js'], ['js/fallback.js', 'css/fallback.css']],
      }),
    );
    expect(layout.assets.js).toEqual(lists(['js/layout.js', 'js/c.js', 'js/fallback.js']));
    expect(layout.assets.css).toEqual(lists(['css/layout.css']));
    // Fetched with the page, not later: out of the async list, into the sync one.
    expect(slot.assets.js).toEqual(lists(['js/slot.js', 'js/fallback.js']));
    expect(slot.assets.css).toEqual(lists(['css/fallback.css']));
  });

  it('leaves an expose whose chunk group the compilation does not have as the plugin listed it', () => {
    const manifest: ExposeStats = { name: 'manifest', assets: { js: lists(['js/m.js'], ['js/later.js']), css: lists([]) } };
    listEveryChunkOfEachExpose([manifest], compilationOf({}));
    expect(manifest.assets.js).toEqual(lists(['js/m.js'], ['js/later.js']));
  });
});
