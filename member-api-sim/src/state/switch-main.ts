/** Refusals of switchMain scheduled by `POST /__sim/switch-main/refuse`: the next N calls answer `status: false`. */
export class SwitchMainGate {
  private pending = 0;

  refuse(times: number): void {
    this.pending = times;
  }

  /** Uses up one refusal; true when this call must be refused. */
  take(): boolean {
    if (this.pending <= 0) return false;
    this.pending -= 1;
    return true;
  }

  get refusals(): number {
    return this.pending;
  }

  reset(): void {
    this.pending = 0;
  }
}
