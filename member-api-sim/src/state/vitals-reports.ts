import type { SimVitalsReport } from '../control-types';

/** The newest field-figure posts, oldest first; the oldest give way past the cap. */
export class VitalsReportLog {
  static readonly CAP = 500;
  private readonly reports: SimVitalsReport[] = [];

  add(report: SimVitalsReport): void {
    this.reports.push(report);
    if (this.reports.length > VitalsReportLog.CAP) this.reports.splice(0, this.reports.length - VitalsReportLog.CAP);
  }

  list(): SimVitalsReport[] {
    return this.reports.map((r) => ({ ...r, vitals: r.vitals.map((v) => ({ ...v })) }));
  }

  clear(): void {
    this.reports.length = 0;
  }
}
