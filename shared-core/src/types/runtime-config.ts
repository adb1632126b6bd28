import type { ThemeName } from '../contract';

/** `/config.json`, written by the deploy; nothing here is built into a bundle. */
export interface RuntimeConfig {
  apiBase: string;
  broadcastAuthBase: string;
  pusher: {
    key: string;
    cluster: string;
    wsHost?: string;
    wsPort?: number;
    forceTLS: boolean;
  };
  crypto: { key: string; iv: string };
  remotes: Record<ThemeName, string>;
  allowedOrigins: string[];
  rootRedirect: string;
}
