// The production recipe (deploy/) run for real: Debian's nginx, as the current user under a temporary
// prefix, serving the built host/dist and remote-*/dist with the recipe's own files, and a simulator of
// its own that accepts this host's origin, as the operator's API: proxied under the host's origin (the
// recommended set-up) or called on its own. Nothing is installed here: without nginx the caller skips.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

// @ts-expect-error: the workspace's scripts are plain Node modules, without type declarations.
import { acceptedKeys } from '../../scripts/release-key.mjs';

export const WORKSPACE = path.resolve(import.meta.dirname, '../..');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface DeployPorts {
  host: number;
  /** The host again, over TLS (HTTP/2, the recipe's member-tls.conf), with a certificate made for the run. */
  hostTls: number;
  remoteDefault: number;
  remotePre8: number;
  remoteOsaka39: number;
  sim: number;
  simAuth: number;
}

/** Seven ports from DEPLOY_PORT_BASE (default 4410): the host, the three remotes, the simulator and its auth port, the host over TLS. */
export function deployPorts(env: NodeJS.ProcessEnv = process.env): DeployPorts {
  const base = Number(env.DEPLOY_PORT_BASE ?? 4410);
  if (!Number.isInteger(base) || base < 1024 || base > 65528)
    throw new Error(`DEPLOY_PORT_BASE=${env.DEPLOY_PORT_BASE} is not a port number`);
  return {
    host: base,
    remoteDefault: base + 1,
    remotePre8: base + 2,
    remoteOsaka39: base + 3,
    sim: base + 4,
    simAuth: base + 5,
    hostTls: base + 6,
  };
}

/** The example site files, as an operator edits them: their certificate paths pointed at this run's pair. */
function writeExampleSites(dir: string, certificate: { cert: string; key: string }): string[] {
  const sites = path.join(WORKSPACE, 'deploy', 'nginx', 'sites');
  return ['member-host.example.conf', 'member-remote.example.conf'].map((name) => {
    const text = readFileSync(path.join(sites, name), 'utf8')
      .replace(/\/etc\/letsencrypt\/live\/[^/\s]+\/fullchain\.pem/g, certificate.cert)
      .replace(/\/etc\/letsencrypt\/live\/[^/\s]+\/privkey\.pem/g, certificate.key);
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  });
}

/** A self-signed certificate for localhost and 127.0.0.1, made with openssl (a dependency of Debian's ca-certificates). */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'tls-cert.pem');
  const key = path.join(dir, 'tls-key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0)
    throw new Error(`openssl could not make the test certificate (apt-get install openssl):\n${made.stderr ?? made.error}`);
  return { cert, key };
}

/** Debian's nginx, if installed. */
export function findNginx(): string | null {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** The demo's config and sites files moved from the default ports to this stack's, as an operator writes their own. */
function moveToPorts(text: string, ports: DeployPorts): string {
  const byDefault: Record<string, number> = {
    3000: ports.host,
    3001: ports.remoteDefault,
    3002: ports.remotePre8,
    3003: ports.remoteOsaka39,
    3100: ports.sim,
    3101: ports.simAuth,
  };
  return text
    .replace(/(\/\/localhost):(\d{4})\b/g, (match, origin: string, port: string) =>
      byDefault[port] ? `${origin}:${byDefault[port]}` : match,
    )
    .replace(/("wsPort":\s*)3100\b/, `$1${ports.sim}`);
}

function status(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, output: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (code ${child.exitCode}):\n${output()}`);
    try {
      if ((await status(url)) === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** One line of the simulator's request log (its stdout): every request it answered, preflights included. */
export interface SimLogLine {
  method: string;
  route: string;
  status: number;
}

export interface DeployOptions {
  /**
   * The operator's API (and channel authorisation) proxied by the host's server under the host's origin
   * (--api-upstream): config.json's apiBase and broadcastAuthBase are then the host's origin. Otherwise the page
   * calls the simulator on its own origin, across origins.
   */
  apiSameOrigin: boolean;
}

export interface DeployStack {
  ports: DeployPorts;
  hostUrl: string;
  /** The simulator, as the operator's API on its own origin. */
  simUrl: string;
  apiSameOrigin: boolean;
  /** The host folder as deployed: host/dist with this deploy's config.json and sites.json. */
  hostRoot: string;
  /** Each theme remote's folder as deployed (a copy of its dist), by theme. */
  remoteRoots: Record<'default' | 'PRE8' | 'OSAKA39', string>;
  /** Where the recipe's files and the written includes are (nginx's member/ folder). */
  confDir: string;
  /** Runs deploy/write-nginx-includes.mjs into the stack's include folder as the stack did (extra arguments appended). */
  writeIncludes(extra?: string[]): { status: number | null; stdout: string; stderr: string };
  /** `nginx -s reload` of the running stack (after `nginx -t`), resolving once it answers again. */
  reload(): Promise<void>;
  /** The host over TLS (https://localhost:hostTls), its certificate self-signed: trust `certificate` only. */
  hostTlsUrl: string;
  /** The PEM of that certificate. */
  certificate: string;
  /** The policy write-nginx-includes.mjs computed for a page of no brand, its nonce written $request_id. */
  policy: string;
  /** The brotli module is on this machine (and so loaded by the stack's nginx.conf). */
  brotli: boolean;
  /** The include files write-nginx-includes.mjs wrote, by name (member-brotli.conf, …). */
  includes: Record<string, string>;
  /** `nginx -t` of an nginx.conf whose http { } includes these files (beside the recipe's member/ folder). */
  testConfig(httpIncludes: string[]): { ok: boolean; output: string };
  /** `nginx -t` of the example site files (deploy/nginx/sites), their certificate paths pointed at this run's pair. */
  testExamples(): { ok: boolean; output: string };
  /**
   * `nginx -t` of the example site files over a recipe of their own, its includes written from this host folder
   * with these extra arguments of write-nginx-includes.mjs (another upstream, say).
   */
  testRecipe(includeArgs: string[]): { ok: boolean; output: string };
  /**
   * The include script run again as an operator runs it after a theme's release (these extra arguments given: another
   * release folder, say), and nginx reloaded. Resolves once the new workers answer.
   */
  redeploy(includeArgs: string[]): Promise<void>;
  /**
   * `nginx -t` of the server files the include script writes with --site-files (one per name) for a host also opened
   * as https://members.example.com, with the run's certificate where certbot would put that name's: the files and
   * their names.
   */
  testSiteFiles(): { ok: boolean; output: string; files: Record<string, string> };
  /** What the simulator has answered so far, in order. */
  simLog(): SimLogLine[];
  stop(): Promise<void>;
}

/** Lays out a deploy in a temporary folder the way docs/deploy.md tells an operator to, and starts it. */
export async function startDeployStack(nginx: string, ports: DeployPorts, { apiSameOrigin }: DeployOptions): Promise<DeployStack> {
  const built = {
    host: path.join(WORKSPACE, 'host', 'dist'),
    remoteDefault: path.join(WORKSPACE, 'remote-default', 'dist'),
    remotePre8: path.join(WORKSPACE, 'remote-pre8', 'dist'),
    remoteOsaka39: path.join(WORKSPACE, 'remote-osaka39', 'dist'),
  };
  for (const dir of Object.values(built)) {
    if (!existsSync(dir)) throw new Error(`${path.relative(WORKSPACE, dir)} is missing: build first (npm run build)`);
  }
  const prefix = mkdtempSync(path.join(tmpdir(), 'member-nginx-'));
  // Each remote deployed as a copy of its build, so a test can deploy another release over it as a brand team would.
  const dists = { ...built };
  for (const id of ['remoteDefault', 'remotePre8', 'remoteOsaka39'] as const) {
    dists[id] = path.join(prefix, id);
    cpSync(built[id], dists[id], { recursive: true });
  }
  const children: ChildProcess[] = [];
  const logs: Record<string, string[]> = { sim: [] };
  const stop = async () => {
    await Promise.all(children.map(stopGroup));
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    // 1. The host's folder with the operator's run-time files beside index.html.
    const hostRoot = path.join(prefix, 'host');
    cpSync(built.host, hostRoot, { recursive: true });
    for (const name of ['config.json', 'sites.json']) {
      for (const stale of [`${name}.gz`, `${name}.br`]) rmSync(path.join(hostRoot, stale), { force: true });
    }
    // The operator's config.json lists each remote's public release keys, as its brand team gave them.
    const config = JSON.parse(moveToPorts(readFileSync(path.join(WORKSPACE, 'host', 'public', 'config.json'), 'utf8'), ports)) as Record<
      string,
      unknown
    >;
    const remoteDirs: Record<string, string> = { default: 'remote-default', PRE8: 'remote-pre8', OSAKA39: 'remote-osaka39' };
    const remotePorts: Record<string, number> = { default: ports.remoteDefault, PRE8: ports.remotePre8, OSAKA39: ports.remoteOsaka39 };
    config.remoteKeys = Object.fromEntries(
      Object.entries(remoteDirs).map(([theme, dir]) => [theme, acceptedKeys(path.join(WORKSPACE, dir)) as string[]]),
    );
    const hostUrl = `http://localhost:${ports.host}`;
    const simUrl = `http://localhost:${ports.sim}`;
    if (apiSameOrigin) {
      config.apiBase = hostUrl;
      config.broadcastAuthBase = hostUrl;
    }
    writeFileSync(path.join(hostRoot, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
    writeFileSync(path.join(hostRoot, 'sites.json'), moveToPorts(readFileSync(path.join(WORKSPACE, 'sites.json'), 'utf8'), ports));

    // 2. The recipe's files, and the includes the recipe's script writes from them.
    const confDir = path.join(prefix, 'member');
    mkdirSync(confDir);
    for (const name of readdirSync(path.join(WORKSPACE, 'deploy', 'nginx')).filter((n) => n.endsWith('.conf'))) {
      cpSync(path.join(WORKSPACE, 'deploy', 'nginx', name), path.join(confDir, name));
    }
    const hostOrigins = [hostUrl, `http://127.0.0.1:${ports.host}`];
    const writeIncludes = (out: string, extra: string[], strict = true) => {
      const written = spawnSync(
        process.execPath,
        [
          path.join(WORKSPACE, 'deploy', 'write-nginx-includes.mjs'),
          `--root=${hostRoot}`,
          ...hostOrigins.map((o) => `--host-origin=${o}`),
          `--out=${out}`,
          // The themes' colours for the sites' installed apps, and their releases the pages are drawn with, from the
          // remotes' builds (nginx does not serve them yet).
          ...Object.entries(remoteDirs).map(
            ([theme, dir]) => `--remote-manifest=${theme}=${path.join(WORKSPACE, dir, 'dist', 'mf-manifest.json')}`,
          ),
          ...Object.entries(remoteDirs).map(([theme, dir]) => `--remote-release=${theme}=${path.join(WORKSPACE, dir, 'dist')}`),
          // Each theme under the host's origin too (/remotes/{theme}/), beside its own.
          ...Object.entries(remotePorts).map(([theme, port]) => `--remote-upstream=${theme}=http://127.0.0.1:${port}`),
          ...extra,
        ],
        { encoding: 'utf8' },
      );
      if (strict && written.status !== 0) throw new Error(`write-nginx-includes failed:\n${written.stderr}`);
      return written;
    };
    // The upstreams by name, as an operator gives theirs: the simulator's links (bank logos, avatars) name
    // localhost, and the policy lets images come from the API's origin by the same name.
    const apiUpstream = apiSameOrigin ? [`--api-upstream=${simUrl}`, `--broadcast-auth-upstream=http://localhost:${ports.simAuth}`] : [];
    const written = writeIncludes(confDir, apiUpstream);
    const policy = /^Content-Security-Policy \([^)]*\): (.*)$/m.exec(written.stdout)?.[1] ?? '';
    const includes = Object.fromEntries(
      [
        'member-policy.conf',
        'member-brotli.conf',
        'member-api.conf',
        'member-api-upstream.conf',
        'member-drawn.conf',
        'member-remotes.conf',
      ].map((name) => [name, readFileSync(path.join(confDir, name), 'utf8')]),
    );
    const brotli = existsSync(BROTLI_MODULE);
    const certificate = makeCertificate(prefix);

    // 3. nginx.conf: what /etc/nginx/nginx.conf and the example site files hold, on loopback ports.
    const server = (port: number, root: string, snippet: string) => `
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
        root ${root};
        include member/${snippet};
    }`;
    // The host over TLS, as the example site file serves it: HTTP/2, the recipe's TLS settings.
    const tlsServer = (port: number, root: string) => `
    server {
        listen 127.0.0.1:${port} ssl http2;
        server_name localhost;
        ssl_certificate ${certificate.cert};
        ssl_certificate_key ${certificate.key};
        include member/member-tls.conf;
        root ${root};
        include member/member-host.conf;
    }`;
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `    ${kind}_temp_path ${path.join(prefix, `${kind}_temp`)};`,
    );
    const conf = [
      ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
      // Run as root (CI's machine), the workers would drop to nobody; they stay the current user otherwise.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      // A reload's old worker goes once its connections are done; a connection a test's page still held kept one, and
      // reload() waiting for it, the full 15 s. The tests reload to be answered by the new files.
      'worker_shutdown_timeout 2s;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '    include /etc/nginx/mime.types;',
      '    default_type application/octet-stream;',
      '    access_log off;',
      ...temp,
      '    include member/member-http.conf;',
      '    include member/member-policy.conf;',
      server(ports.host, hostRoot, 'member-host.conf'),
      tlsServer(ports.hostTls, hostRoot),
      server(ports.remoteDefault, dists.remoteDefault, 'member-remote.conf'),
      server(ports.remotePre8, dists.remotePre8, 'member-remote.conf'),
      server(ports.remoteOsaka39, dists.remoteOsaka39, 'member-remote.conf'),
      '}',
      '',
    ].join('\n');
    const confFile = path.join(prefix, 'nginx.conf');
    writeFileSync(confFile, conf);
    const errorLog = () => (existsSync(path.join(prefix, 'error.log')) ? readFileSync(path.join(prefix, 'error.log'), 'utf8') : '');
    const tested = spawnSync(nginx, ['-t', '-q', '-p', prefix, '-c', confFile, '-e', path.join(prefix, 'error.log')], { encoding: 'utf8' });
    if (tested.status !== 0) throw new Error(`nginx -t refused the recipe:\n${tested.stderr}${errorLog()}`);

    // 4. The simulator, accepting this host's origins.
    const sim = spawn(path.join(WORKSPACE, 'member-api-sim', 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
      cwd: path.join(WORKSPACE, 'member-api-sim'),
      env: {
        ...process.env,
        SIM_PORT: String(ports.sim),
        SIM_AUTH_PORT: String(ports.simAuth),
        SIM_ALLOWED_ORIGINS: hostOrigins.join(','),
        SIM_PUBLIC_BASE: `http://localhost:${ports.sim}`,
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(sim);
    for (const stream of [sim.stdout, sim.stderr]) stream?.on('data', (chunk: Buffer) => logs.sim!.push(chunk.toString()));

    // 5. nginx in the foreground, under the temporary prefix.
    const nginxProcess = spawn(nginx, ['-p', prefix, '-c', confFile, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'], {
      detached: true,
      stdio: 'ignore',
    });
    children.push(nginxProcess);

    for (const port of [ports.host, ports.remoteDefault, ports.remotePre8, ports.remoteOsaka39]) {
      await waitFor(`http://127.0.0.1:${port}/healthz`, nginxProcess, 'nginx', errorLog);
    }
    await waitFor(`http://127.0.0.1:${ports.sim}/health`, sim, 'the simulator', () => logs.sim!.join(''), 60_000);
    const testConfig = (httpIncludes: string[]) => {
      const file = path.join(prefix, 'examples.conf');
      writeFileSync(
        file,
        [
          ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
          `pid ${path.join(prefix, 'examples.pid')};`,
          'events { worker_connections 64; }',
          'http {',
          '    include /etc/nginx/mime.types;',
          ...temp,
          ...httpIncludes.map((include) => `    include ${include};`),
          '}',
          '',
        ].join('\n'),
      );
      const result = spawnSync(nginx, ['-t', '-p', prefix, '-c', file, '-e', path.join(prefix, 'examples.log')], { encoding: 'utf8' });
      return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
    };
    const testRecipe = (includeArgs: string[]) => {
      const other = mkdtempSync(path.join(prefix, 'recipe-'));
      const otherConf = path.join(other, 'member');
      mkdirSync(otherConf);
      for (const name of readdirSync(confDir).filter((n) => n.endsWith('.conf')))
        cpSync(path.join(confDir, name), path.join(otherConf, name));
      writeIncludes(otherConf, includeArgs);
      const file = path.join(other, 'examples.conf');
      writeFileSync(
        file,
        [
          ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
          `pid ${path.join(other, 'examples.pid')};`,
          'events { worker_connections 64; }',
          'http {',
          '    include /etc/nginx/mime.types;',
          ...temp,
          ...writeExampleSites(other, certificate).map((site) => `    include ${site};`),
          '}',
          '',
        ].join('\n'),
      );
      const result = spawnSync(nginx, ['-t', '-p', other, '-c', file, '-e', path.join(other, 'examples.log')], { encoding: 'utf8' });
      return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
    };
    const testSiteFiles = () => {
      const other = mkdtempSync(path.join(prefix, 'site-files-'));
      const otherConf = path.join(other, 'member');
      mkdirSync(otherConf);
      for (const name of readdirSync(confDir).filter((n) => n.endsWith('.conf')))
        cpSync(path.join(confDir, name), path.join(otherConf, name));
      const live = path.join(other, 'live', 'members.example.com');
      mkdirSync(live, { recursive: true });
      cpSync(certificate.cert, path.join(live, 'fullchain.pem'));
      cpSync(certificate.key, path.join(live, 'privkey.pem'));
      const sitesDir = path.join(other, 'sites-available');
      writeIncludes(otherConf, [
        ...apiUpstream,
        '--host-origin=https://members.example.com',
        `--site-files=${sitesDir}`,
        `--cert-dir=${path.join(other, 'live')}`,
      ]);
      const names = readdirSync(sitesDir).sort();
      const file = path.join(other, 'sites.conf');
      writeFileSync(
        file,
        [
          ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
          `pid ${path.join(other, 'sites.pid')};`,
          'events { worker_connections 64; }',
          'http {',
          '    include /etc/nginx/mime.types;',
          ...temp,
          `    include ${path.join(sitesDir, 'member-site-*.conf')};`,
          '}',
          '',
        ].join('\n'),
      );
      const result = spawnSync(nginx, ['-t', '-p', other, '-c', file, '-e', path.join(other, 'sites.log')], { encoding: 'utf8' });
      return {
        ok: result.status === 0,
        output: `${result.stdout}${result.stderr}`,
        files: Object.fromEntries(names.map((name) => [name, readFileSync(path.join(sitesDir, name), 'utf8')])),
      };
    };
    const simLog = () =>
      logs
        .sim!.join('')
        .split('\n')
        .flatMap((line) => {
          try {
            const parsed = JSON.parse(line) as Partial<SimLogLine>;
            return typeof parsed.method === 'string' && typeof parsed.route === 'string'
              ? [{ method: parsed.method, route: parsed.route, status: Number(parsed.status) }]
              : [];
          } catch {
            return [];
          }
        });
    const testExamples = () => testConfig(writeExampleSites(mkdtempSync(path.join(prefix, 'sites-')), certificate));
    const reload = async () => {
      const retested = spawnSync(nginx, ['-t', '-q', '-p', prefix, '-c', confFile, '-e', path.join(prefix, 'error.log')], {
        encoding: 'utf8',
      });
      if (retested.status !== 0) throw new Error(`nginx -t refused the recipe:\n${retested.stderr}${errorLog()}`);
      // The workers that answer now; a reload starts new ones with the new files and lets these finish and go.
      const workers = () => {
        try {
          return readFileSync(`/proc/${nginxProcess.pid}/task/${nginxProcess.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
        } catch {
          return [];
        }
      };
      const before = workers();
      const signalled = spawnSync(nginx, ['-p', prefix, '-c', confFile, '-e', path.join(prefix, 'error.log'), '-s', 'reload'], {
        encoding: 'utf8',
      });
      if (signalled.status !== 0) throw new Error(`nginx -s reload failed:\n${signalled.stderr}`);
      const deadline = Date.now() + 15_000;
      while (workers().some((pid) => before.includes(pid)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await waitFor(`http://127.0.0.1:${ports.host}/healthz`, nginxProcess, 'nginx', errorLog);
    };
    const redeploy = async (includeArgs: string[]) => {
      writeIncludes(confDir, [...apiUpstream, ...includeArgs]);
      await reload();
    };
    return {
      ports,
      hostUrl,
      simUrl,
      apiSameOrigin,
      hostRoot,
      policy,
      brotli,
      includes,
      testConfig,
      testExamples,
      testRecipe,
      testSiteFiles,
      redeploy,
      simLog,
      stop,
      reload,
      confDir,
      remoteRoots: { default: dists.remoteDefault, PRE8: dists.remotePre8, OSAKA39: dists.remoteOsaka39 },
      writeIncludes: (extra: string[] = []) => {
        const result = writeIncludes(confDir, [...apiUpstream, ...extra], false);
        return { status: result.status, stdout: result.stdout, stderr: result.stderr };
      },
      hostTlsUrl: `https://localhost:${ports.hostTls}`,
      certificate: readFileSync(certificate.cert, 'utf8'),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
