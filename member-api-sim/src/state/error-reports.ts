import type { SimErrorReport } from '../control-types';

/** The newest reports, oldest first; the oldest give way past the cap. */
export class ErrorReportLog {
  static readonly CAP = 500;
  private readonly reports: SimErrorReport[] = [];

  add(report: SimErrorReport): void {
    this.reports.push(report);
    if (this.reports.length > ErrorReportLog.CAP) this.reports.splice(0, this.reports.length - ErrorReportLog.CAP);
  }

  list(): SimErrorReport[] {
    return this.reports.map((r) => ({ ...r }));
  }

  clear(): void {
    this.reports.length = 0;
  }
}
