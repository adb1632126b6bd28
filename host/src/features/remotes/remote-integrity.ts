// Not in the store: read by the federation runtime's script hook, outside React, for the page.
/**
 * The SHA-384 of every file of a theme remote whose signed list was checked (remote-manifest.ts), by absolute URL:
 * what the remoteEntry's script tag and every preload of the remote carry as `integrity`. A URL that is not here
 * belongs to no checked release, and no script is made for it.
 */
const trusted = new Map<string, string>();

/** A checked release's files; a redeploy's newer hashes replace the old ones under the same names. */
export function trustSignedFiles(files: ReadonlyMap<string, string>): void {
  for (const [url, hash] of files) trusted.set(url, hash);
}

/** A release no longer to be run (its key retired, its floor raised): its files are in no checked release any more. */
export function distrustSignedFiles(files: ReadonlyMap<string, string>): void {
  for (const [url, hash] of files) if (trusted.get(url) === hash) trusted.delete(url);
}

export function trustedIntegrity(url: string): string | undefined {
  return trusted.get(url);
}
