#!/usr/bin/env node
// Writes the two nginx include files that depend on the deployment, from the files the deploy already
// has (nginx cannot compute a policy):
//
//   member-policy.conf  (http level) the host page's Content-Security-Policy, computed by
//                       scripts/csp.mjs from the host folder's config.json, sites.json and index.html,
//                       and the origins the theme remotes answer with CORS (the host's)
//   member-brotli.conf  (server level, via member-common.conf) `brotli_static on;` when nginx's brotli
//                       module is installed, a comment otherwise (then gzip only)
//
//   node deploy/write-nginx-includes.mjs --root=/srv/member/host --host-origin=https://members.example.com \
//        [--host-origin=...] [--img-origin=https://img.provider.example] [--brotli | --no-brotli] \
//        [--out=/etc/nginx/member]
//
// Run it after every change of config.json or sites.json, then `nginx -t && nginx -s reload`.
// Each file is written to a temporary name and renamed, so a reload never reads half a file.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { contentSecurityPolicy, parseOriginList } from '../scripts/csp.mjs';

/** Where Debian's libnginx-mod-http-brotli-static puts the module. */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const USAGE = `usage: node deploy/write-nginx-includes.mjs --root=HOST_DIR --host-origin=ORIGIN [--host-origin=ORIGIN ...]
       [--config=FILE] [--sites=FILE] [--index=FILE] [--img-origin=ORIGIN ...] [--brotli | --no-brotli] [--out=DIR]
  --root         the host's folder (its config.json, sites.json and index.html are read from there)
  --host-origin  an origin the host is opened from (the remotes answer CORS to these only)
  --img-origin   an extra origin that serves images (a game provider's CDN)
  --out          where to write member-policy.conf and member-brotli.conf (default: the current folder)`;

/** A string as an nginx double-quoted value; nginx would read a "$" as a variable, so none may appear. */
export function nginxString(value) {
  if (/[\r\n$]/.test(value)) throw new Error(`an nginx value here cannot hold a line break or "$": ${JSON.stringify(value)}`);
  return `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
}

/** The text of member-policy.conf. */
export function policyInclude({ policy, hostOrigins }) {
  if (hostOrigins.length === 0) throw new Error('at least one --host-origin is needed (the remotes answer CORS to it)');
  return [
    '# Written by deploy/write-nginx-includes.mjs from the host folder\'s config.json and sites.json: do not edit,',
    '# run it again after changing either file. Include once at http level.',
    '',
    '# The host page\'s Content-Security-Policy, sent with HTML only.',
    'map $sent_http_content_type $member_csp {',
    '    default "";',
    `    ~^text/html ${nginxString(policy)};`,
    '}',
    '',
    '# The origins the theme remotes answer with CORS: the host\'s.',
    'map $http_origin $member_cors_origin {',
    '    default "";',
    ...hostOrigins.map((origin) => `    ${nginxString(origin)} $http_origin;`),
    '}',
    '',
  ].join('\n');
}

/** The text of member-brotli.conf. */
export function brotliInclude(enabled) {
  return enabled
    ? '# Written by deploy/write-nginx-includes.mjs: the brotli module is loaded, send the .br copies first.\nbrotli_static on;\n'
    : '# Written by deploy/write-nginx-includes.mjs: no brotli module (apt-get install libnginx-mod-http-brotli-static),\n# so gzip only.\n';
}

export function parseArgs(argv) {
  const options = { hostOrigins: [], imageOrigins: [], brotli: undefined, out: '.' };
  for (const arg of argv) {
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const value = eq === -1 ? undefined : arg.slice(eq + 1);
    if (name === '--root' && value) options.root = value;
    else if (name === '--config' && value) options.config = value;
    else if (name === '--sites' && value) options.sites = value;
    else if (name === '--index' && value) options.index = value;
    else if (name === '--out' && value) options.out = value;
    else if (name === '--host-origin' && value) options.hostOrigins.push(...parseOriginList(value));
    else if (name === '--img-origin' && value) options.imageOrigins.push(...parseOriginList(value));
    else if (name === '--brotli' && value === undefined) options.brotli = true;
    else if (name === '--no-brotli' && value === undefined) options.brotli = false;
    else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  if (!options.root && !(options.config && options.index)) throw new Error(`--root is needed (or --config and --index)\n${USAGE}`);
  return options;
}

function readJson(file, what) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${what} at ${file}: ${error.message}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${error.message}`, { cause: error });
  }
}

function writeAtomically(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/**
 * nginx sends `config.json.gz` (or `.br`) instead of `config.json` to any browser that accepts it, so
 * a compressed copy left from the build (the demo's config) would hide the operator's file.
 */
export function staleCopies(file) {
  if (!existsSync(file)) return [];
  const current = readFileSync(file);
  return [['.gz', zlib.gunzipSync], ['.br', zlib.brotliDecompressSync]]
    .filter(([ext, decompress]) => {
      if (!existsSync(file + ext)) return false;
      try {
        return !decompress(readFileSync(file + ext)).equals(current);
      } catch {
        return true;
      }
    })
    .map(([ext]) => file + ext);
}

/** Reads the deploy's files and writes the includes; returns what it wrote. */
export function writeIncludes(options) {
  const from = (name, given) => given ?? path.join(options.root, name);
  const stale = [from('config.json', options.config), from('sites.json', options.sites)].flatMap(staleCopies);
  if (stale.length) {
    throw new Error(`${stale.join(', ')} no longer match${stale.length === 1 ? 'es' : ''} the file beside it, and nginx would send it instead: delete ${stale.length === 1 ? 'it' : 'them'} (or compress the new file again)`);
  }
  const config = readJson(from('config.json', options.config), 'config.json');
  if (!config || typeof config !== 'object' || !config.remotes || !config.apiBase) {
    throw new Error('config.json has no apiBase or remotes: is it the host\'s run-time config?');
  }
  const sitesFile = from('sites.json', options.sites);
  const sites = existsSync(sitesFile) ? readJson(sitesFile, 'sites.json').sites ?? [] : [];
  const indexHtml = readFileSync(from('index.html', options.index), 'utf8');
  const policy = contentSecurityPolicy(config, { sites, indexHtml, imageOrigins: options.imageOrigins });
  const brotli = options.brotli ?? existsSync(BROTLI_MODULE);
  const files = {
    'member-policy.conf': policyInclude({ policy, hostOrigins: [...new Set(options.hostOrigins)] }),
    'member-brotli.conf': brotliInclude(brotli),
  };
  for (const [name, text] of Object.entries(files)) writeAtomically(path.join(options.out, name), text);
  return { policy, brotli, files: Object.keys(files).map((name) => path.join(options.out, name)) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const result = writeIncludes(parseArgs(process.argv.slice(2)));
    console.info(`wrote ${result.files.join(', ')}${result.brotli ? '' : ' (no brotli module: gzip only)'}`);
    console.info(`Content-Security-Policy: ${result.policy}`);
  } catch (error) {
    console.error(`write-nginx-includes: ${error.message}`);
    process.exitCode = 1;
  }
}
