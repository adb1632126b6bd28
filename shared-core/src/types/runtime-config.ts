import type { ThemeName } from '../contract';

/** `/config.json`, written by the deploy; nothing here is built into a bundle. */
export interface RuntimeConfig {
  /**
   * Where the operator's API is: `/api/...` is appended. An absolute URL, or a path on the page's own origin (`/`)
   * when the host's server proxies the API under its origin (no CORS preflight then).
   */
  apiBase: string;
  /** Where private channels are signed (`/api/member/broadcasting/auth` is appended): a URL, or a path like `apiBase`. */
  broadcastAuthBase: string;
  pusher: {
    key: string;
    cluster: string;
    /** A self-hosted socket (Laravel Reverb, soketi); without it, Pusher Channels' cluster host. */
    wsHost?: string;
    /** Port of the plain (ws://) socket. */
    wsPort?: number;
    /** Port of the TLS (wss://) socket; without it, `wsPort` when given, else 443. */
    wssPort?: number;
    /** Path before `/app/{key}` when the socket sits under a path of a shared host (`/reverb`); none by default. */
    wsPath?: string;
    forceTLS: boolean;
  };
  crypto: { key: string; iv: string };
  /**
   * Theme name → URL of that remote's `mf-manifest.json`. Any names the deployment likes; `default` must be there.
   */
  remotes: { default: string } & Record<ThemeName, string>;
  /**
   * Theme name → the public keys (base64 SPKI, Ed25519 or ECDSA P-256) its remote's releases may be signed with;
   * one per theme of `remotes` at least, two while a brand team rotates its key. A release whose signed list
   * (`signed-files.json` beside the manifest) is not signed by one of them runs no code: it falls back like a dead remote.
   */
  remoteKeys: Record<ThemeName, string[]>;
  /**
   * Theme name → the oldest release the operator lets members run: a release sequence (the `sequence` its signed list
   * names; `npm run release-key -- show <remote-dir>` prints it), below which a release is refused like one signed by
   * another key. Optional, per theme; a device never goes back below the newest release it has run, whatever this says.
   */
  remoteMinRelease?: Record<ThemeName, number>;
  allowedOrigins: string[];
  rootRedirect: string;
  /** Where the page posts its error reports (theme fallbacks, load failures, crashes); none are sent without it. */
  errorReportUrl?: string;
  /**
   * Where the page posts the Core Web Vitals its members get (LCP, INP, CLS, FCP, TTFB, per page and theme); without it
   * the measuring code is not even loaded.
   */
  vitalsReportUrl?: string;
}
