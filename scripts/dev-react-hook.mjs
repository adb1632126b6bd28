// Runs first in the host's page under `npm run dev` (scripts/dev.mjs adds it to the host's dev build only), before React
// DOM loads. The host's bundle and the theme's dev remoteEntry each bring their own Fast Refresh runtime, and React
// DOM was made for one:
// - a runtime learns React DOM when React DOM registers with the page's React hook after it, or from the hook's list
//   of renderers. The stand-in hook the host's runtime makes when React DevTools is not installed keeps no such list,
//   so the theme's runtime, arriving after React DOM, would never learn it: the theme's edits would be taken and never
//   drawn. The hook now keeps the list, as DevTools' own hook does;
// - React DOM asks one function which new version stands for a component, and each runtime sets its own, which knows
//   its own bundle's components only: after an edit of the host, the theme's edited components would be drawn in their
//   first version again. Each runtime's function is kept, and React DOM asks them all, the latest set first.
const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;

function shareRefreshHandlers(renderer) {
  const set = renderer?.setRefreshHandler;
  if (typeof set !== 'function') return;
  const handlers = [];
  const resolveFamily = (type) => {
    for (let index = handlers.length - 1; index >= 0; index -= 1) {
      const family = handlers[index](type);
      if (family !== undefined) return family;
    }
    return undefined;
  };
  renderer.setRefreshHandler = (handler) => {
    if (typeof handler !== 'function') return set.call(renderer, handler);
    const known = handlers.indexOf(handler);
    if (known !== -1) handlers.splice(known, 1);
    handlers.push(handler);
    return set.call(renderer, resolveFamily);
  };
}

if (hook && hook.renderers instanceof Map && typeof hook.inject === 'function') {
  const inject = hook.inject;
  hook.inject = function injectAndList(renderer) {
    shareRefreshHandlers(renderer);
    const id = inject.apply(this, arguments);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
}
