// nginx's server files for a deployment (one per name: the host's, and each theme remote's), written by
// write-nginx-includes.mjs with --site-files=DIR from what it already reads, so the documented set-up needs no edit by
// hand:
//
//   - the host's names: its --host-origin values (https://members.example.com);
//   - each theme remote's name: the origin of its mf-manifest.json in config.json's remotes;
//   - the folders: the host's --root, and each remote's --remote-root=THEME=DIR, else the folder beside the host's
//     named remote-<theme> (/srv/member/remote-pre8 beside /srv/member/host), as docs/deploy.md copies them;
//   - the certificates: <--cert-dir>/<name>/fullchain.pem and privkey.pem, where Let's Encrypt's certbot writes them
//     (--cert-dir defaults to /etc/letsencrypt/live).
//
// An https name gets a TLS server (HTTP/2, member-tls.conf) and, on port 443, a port-80 server that redirects to it
// and answers ACME's challenges from /var/www/html; an http name gets one plain server (TLS ended in front of it). A
// remote under the host's origin, or under a path of another origin, has no server of its own here: the first is the
// host's, the second needs a location written for it; each is reported. The files are the deploy/nginx/sites examples
// with the names, folders and certificates filled in.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { kebabCase } from '../scripts/workspace.mjs';

/** Where certbot keeps each name's certificate and key. */
export const DEFAULT_CERT_DIR = '/etc/letsencrypt/live';
/** The folder the port-80 servers answer ACME's challenges from (Debian's default site's root). */
const ACME_ROOT = '/var/www/html';
/** Every file this writes starts so, for `ln -s …/member-site-*.conf` and to tell them from other sites. */
export const SITE_FILE_PREFIX = 'member-site-';

/** A name or folder as nginx takes it unquoted in these files: no spaces, quotes, semicolons, braces or `$`. */
function plain(value, what) {
  if (!/^[A-Za-z0-9._/:\-[\]]+$/.test(value))
    throw new Error(`${what} "${value}" has characters an nginx server file cannot take unquoted`);
  return value;
}

/** The listening parts of an origin: its name, port and whether it is https. */
function endpoint(origin) {
  const url = new URL(origin);
  const https = url.protocol === 'https:';
  return { name: plain(url.hostname, 'the name'), https, port: Number(url.port || (https ? 443 : 80)) };
}

function listenLines(port, https) {
  const parameters = https ? ' ssl http2' : '';
  return [`    listen ${port}${parameters};`, `    listen [::]:${port}${parameters};`];
}

/** The port-80 server of an https name: ACME's challenges, and a redirect of everything else to https. */
function redirectServer(name) {
  return [
    'server {',
    ...listenLines(80, false),
    `    server_name ${name};`,
    '',
    '    location /.well-known/acme-challenge/ {',
    `        root ${ACME_ROOT};`,
    '    }',
    '    location / {',
    '        return 301 https://$host$request_uri;',
    '    }',
    '}',
  ];
}

/** The server of one name: TLS when https, its folder, and the recipe's include for what it serves. */
function contentServer({ name, https, port }, { root, include, certDir }) {
  return [
    'server {',
    ...(https ? ['    # nginx 1.25.1 and later: "listen 443 ssl;" and "http2 on;" (Debian 12\'s nginx 1.22 takes it as written).'] : []),
    ...listenLines(port, https),
    `    server_name ${name};`,
    ...(https
      ? [
          '',
          `    ssl_certificate     ${plain(path.posix.join(certDir, name, 'fullchain.pem'), 'the certificate')};`,
          `    ssl_certificate_key ${plain(path.posix.join(certDir, name, 'privkey.pem'), 'the key')};`,
          '    include member/member-tls.conf;',
        ]
      : []),
    '',
    `    root ${plain(root, 'the folder')};`,
    '',
    `    include member/${include};`,
    '}',
  ];
}

function siteText({ head, servers }) {
  return `${[...head, ...servers.flatMap((server) => ['', ...server])].join('\n')}\n`;
}

const HEAD = '# Written by deploy/write-nginx-includes.mjs (--site-files): run it again rather than edit this file.';

/**
 * The server files, by file name, and what was left out (with why).
 * @param {object} options
 * @param {string[]} options.hostOrigins the host's origins (--host-origin)
 * @param {Record<string, string>} options.remotes config.json's remotes: theme → its mf-manifest.json URL
 * @param {string} options.root the host's folder
 * @param {Record<string, string>} [options.remoteRoots] theme → its folder (--remote-root); else beside the host's
 * @param {string} [options.certDir] where each name's certificate is (--cert-dir)
 * @returns {{ files: Record<string, string>, skipped: string[] }}
 */
export function siteFiles({ hostOrigins, remotes, root, remoteRoots = {}, certDir = DEFAULT_CERT_DIR }) {
  if (hostOrigins.length === 0) throw new Error("--site-files needs at least one --host-origin (the host's names)");
  const files = {};
  const skipped = [];
  const taken = new Map();
  const hostRoot = path.resolve(root);
  const add = (origin, what, servers) => {
    const { name, port } = endpoint(origin);
    const key = `${name}:${port}`;
    if (taken.has(key)) {
      skipped.push(`${what}: ${origin} is served already (${taken.get(key)})`);
      return;
    }
    taken.set(key, what);
    const file = `${SITE_FILE_PREFIX}${name}${port === 443 || port === 80 ? '' : `-${port}`}.conf`;
    files[file] = siteText(servers);
  };

  hostOrigins.forEach((origin, index) => {
    const host = endpoint(origin);
    const head = [
      HEAD,
      `# The host at ${origin}: its build (host/dist) with the operator's config.json and sites.json beside index.html.`,
      // The http-level includes are loaded once, by the first host file.
      ...(index === 0 ? ['', 'include member/member-http.conf;', 'include member/member-policy.conf;'] : []),
    ];
    const servers = [
      ...(host.https && host.port === 443 ? [redirectServer(host.name)] : []),
      contentServer(host, { root: hostRoot, include: 'member-host.conf', certDir }),
    ];
    add(origin, 'the host', { head, servers });
  });

  const hostOriginSet = new Set(hostOrigins.map((origin) => new URL(origin).origin));
  for (const [theme, manifest] of Object.entries(remotes ?? {})) {
    let url;
    try {
      url = new URL(manifest);
    } catch {
      skipped.push(`theme ${theme}: ${manifest} is not a URL`);
      continue;
    }
    if (hostOriginSet.has(url.origin)) {
      skipped.push(`theme ${theme}: served under the host's origin (${url.origin}), by the host's server`);
      continue;
    }
    if (url.pathname !== '/mf-manifest.json') {
      skipped.push(`theme ${theme}: ${manifest} is under a path of ${url.origin}; write that server's location for it by hand`);
      continue;
    }
    const remote = endpoint(url.origin);
    const folder = path.resolve(remoteRoots[theme] ?? path.join(path.dirname(hostRoot), `remote-${kebabCase(theme)}`));
    const head = [
      HEAD,
      `# Theme remote ${theme} at ${url.origin} (config.json's remotes.${theme}): its build, each release copied over the`,
      '# previous one so its hashed chunks stay (docs/themes.md).',
    ];
    const servers = [
      ...(remote.https && remote.port === 443 ? [redirectServer(remote.name)] : []),
      contentServer(remote, { root: folder, include: 'member-remote.conf', certDir }),
    ];
    add(url.origin, `theme ${theme}`, { head, servers });
  }
  return { files, skipped };
}

/** The certificates these files name that are not there yet (nginx refuses to start without them). */
export function missingCertificates(files) {
  const named = Object.values(files).flatMap((text) =>
    [...text.matchAll(/^\s*ssl_certificate(?:_key)?\s+(\S+);$/gm)].map((match) => match[1]),
  );
  return [...new Set(named)].filter((file) => !existsSync(file));
}

/** Writes the server files into `dir`, each under a temporary name first; returns their paths and what was left out. */
export function writeSiteFiles(dir, options) {
  const { files, skipped } = siteFiles(options);
  mkdirSync(dir, { recursive: true });
  const written = Object.entries(files).map(([name, text]) => {
    const file = path.join(dir, name);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, file);
    return file;
  });
  return { written, skipped, missing: missingCertificates(files) };
}
