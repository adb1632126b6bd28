/** When the app first mounted: the realtime listener's 3 s count from there, wherever its code loads later. */
let mountedAt: number | null = null;

export function markAppMounted(now = Date.now()): void {
  mountedAt ??= now;
}

export function appMountedAt(): number | null {
  return mountedAt;
}
