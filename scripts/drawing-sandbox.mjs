// The drawing step's sandbox: the one process in which a theme's server build runs, started by scripts/drawn-pages.mjs
// only after the build was checked against the theme's signed list, under Node's permission model (it reads the two
// kinds of file named on its command line and nothing else, writes no file, starts no process or worker) and, where
// the system can make one, in a network namespace of its own (no network at all).
//
//   node --permission --allow-fs-read=... scripts/drawing-sandbox.mjs HOST_DRAWING THEME=FILE ...
//
// Requests come on stdin, one JSON object a line ({ id, request }: `kind: 'sites'`, the sites to draw; `kind:
// 'host-styles'`, the host's first-screen stylesheets; `kind: 'context'`, what every page is drawn from; `kind: 'page'`,
// one page); each answer goes to stdout as one line ({ id, ok: true, ... } or { id, ok: false, error }). What the bundles
// print goes to stderr.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import readline from 'node:readline';
import vm from 'node:vm';

const [hostFile, ...themeArgs] = process.argv.slice(2);
const out = process.stdout;
// The protocol owns stdout: whatever the app or a theme logs goes to stderr.
for (const level of ['log', 'info', 'warn', 'error', 'debug'])
  console[level] = (...args) => process.stderr.write(`${args.map(String).join(' ')}\n`);

const host = createRequire(import.meta.url)(hostFile);

/**
 * A theme's server build, evaluated with a `require` that hands it the host's React and contract (what its browser
 * build takes from the host as shared singletons) and nothing else.
 */
function loadDrawing(file) {
  const code = readFileSync(file, 'utf8');
  const module = { exports: {} };
  const wrapper = vm.runInThisContext(`(function (module, exports, require) {${code}\n})`, { filename: file });
  const require = (name) => {
    if (Object.hasOwn(host.shared, name)) return host.shared[name];
    throw new Error(`${file} asks for ${name}, which the drawing step does not give`);
  };
  wrapper(module, module.exports, require);
  return module.exports;
}

const drawings = {};
/** What every page is drawn from (config.json, sites.json, index.html, the host's styles, the releases), sent once. */
let context = {};
for (const arg of themeArgs) {
  const at = arg.indexOf('=');
  const theme = arg.slice(0, at);
  try {
    drawings[theme] = loadDrawing(arg.slice(at + 1));
  } catch (error) {
    process.stderr.write(`drawing: the server build of ${theme} does not load: ${error instanceof Error ? error.message : error}\n`);
  }
}

const requests = readline.createInterface({ input: process.stdin });
// Its starter gone (or done), so is it.
requests.on('close', () => process.exit(0));
requests.on('line', (line) => {
  let id = null;
  Promise.resolve()
    .then(() => {
      const message = JSON.parse(line);
      id = message.id;
      const { kind, ...request } = message.request;
      if (kind === 'sites') return { sites: host.drawableSites(request.config, request.sites) };
      if (kind === 'host-styles') return { hrefs: host.hostStylesheets(request.indexHtml) };
      if (kind === 'context') {
        context = request;
        return {};
      }
      return host.drawPage({ ...context, ...request, drawings });
    })
    .then(
      (drawn) => out.write(`${JSON.stringify({ id, ok: true, ...drawn })}\n`),
      (error) => out.write(`${JSON.stringify({ id, ok: false, error: error instanceof Error ? error.message : String(error) })}\n`),
    );
});
