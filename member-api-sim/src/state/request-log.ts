import type { SimRequestRecord } from '../control-types';

export const REQUESTS_KEPT_PER_ROUTE = 200;

/** What reached the simulator, per route, newest last. Field names only: values never enter this log. */
export class RequestLog {
  private readonly byRoute = new Map<string, SimRequestRecord[]>();
  private seq = 0;

  record(entry: Omit<SimRequestRecord, 'seq'>): void {
    const list = this.byRoute.get(entry.route) ?? [];
    list.push({ seq: ++this.seq, ...entry });
    if (list.length > REQUESTS_KEPT_PER_ROUTE) list.splice(0, list.length - REQUESTS_KEPT_PER_ROUTE);
    this.byRoute.set(entry.route, list);
  }

  /** One route's records, or the newest 200 over all routes. */
  list(route?: string): SimRequestRecord[] {
    if (route !== undefined) return [...(this.byRoute.get(route) ?? [])];
    const all = [...this.byRoute.values()].flat().sort((a, b) => a.seq - b.seq);
    return all.slice(-REQUESTS_KEPT_PER_ROUTE);
  }

  clear(): void {
    this.byRoute.clear();
  }
}
