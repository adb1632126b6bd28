/** The name the plugin taps rspack's hooks under. */
export declare const DEV_RELEASE_SIGNING_PLUGIN: string;

/** The part of rspack's compiler the plugin uses (rspack's own Compiler satisfies it). */
export interface DevSigningCompiler {
  webpack: {
    Compilation: { PROCESS_ASSETS_STAGE_REPORT: number };
    sources: { RawSource: new (source: string) => unknown };
  };
  hooks: { thisCompilation: { tap(name: string, fn: (compilation: DevSigningCompilation) => void): void } };
}

export interface DevSigningCompilation {
  hooks: { processAssets: { tap(options: { name: string; stage: number }, fn: () => void): void } };
  getAssets(): ReadonlyArray<{ name: string; source: { buffer(): Uint8Array } }>;
  getAsset(name: string): unknown;
  emitAsset(name: string, source: unknown): void;
  updateAsset(name: string, source: unknown): void;
}

/**
 * An rspack plugin for a theme remote's dev compilation that adds `signed-files.json` (every asset with its SHA-384,
 * signed with `<remoteDir>/release-key/private.pem`, made when missing) on every build.
 */
export declare function devReleaseSigningPlugin(
  remoteDir: string,
  options?: { log?: (line: string) => void },
): { name: string; apply(compiler: DevSigningCompiler): void };
