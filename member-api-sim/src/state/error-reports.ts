/** One error report from a member's page, as received, with what the simulator saw of the request. */
export interface ReceivedErrorReport {
  kind: string;
  message: string;
  site: string | null;
  theme: string | null;
  page: string | null;
  path: string | null;
  version: string | null;
  time: string | null;
  /** When the simulator received it (its clock, ms). */
  receivedAt: number;
  /** The page's Origin header, when it sent one. */
  origin: string | null;
  /** Whether the request carried any cookie (a report never should). */
  withCookie: boolean;
}

/** The newest reports, oldest first; the oldest give way past the cap. */
export class ErrorReportLog {
  static readonly CAP = 500;
  private readonly reports: ReceivedErrorReport[] = [];

  add(report: ReceivedErrorReport): void {
    this.reports.push(report);
    if (this.reports.length > ErrorReportLog.CAP) this.reports.splice(0, this.reports.length - ErrorReportLog.CAP);
  }

  list(): ReceivedErrorReport[] {
    return this.reports.map((r) => ({ ...r }));
  }

  clear(): void {
    this.reports.length = 0;
  }
}
