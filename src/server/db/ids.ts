/**
 * 64-bit time-ordered ids made without coordination (snowflake layout):
 * 41 bits of milliseconds since 2020-01-01, 10 bits of worker, 12 bits of sequence.
 * Sent as decimal strings; stored as bigint.
 */
const EPOCH = 1577836800000n;

export class IdGenerator {
  private lastMs = -1n;
  private sequence = 0n;
  private readonly worker: bigint;

  constructor(worker = Math.floor(Math.random() * 1024)) {
    this.worker = BigInt(worker & 1023);
  }

  next(): string {
    let now = BigInt(Date.now());
    if (now < this.lastMs) now = this.lastMs;
    if (now === this.lastMs) {
      this.sequence = (this.sequence + 1n) & 4095n;
      if (this.sequence === 0n) now = this.lastMs + 1n;
    } else {
      this.sequence = 0n;
    }
    this.lastMs = now;
    return (((now - EPOCH) << 22n) | (this.worker << 12n) | this.sequence).toString();
  }
}

/** The smallest id an IdGenerator makes at epoch millisecond `ms`: ids below it were made before. */
export function firstIdAt(ms: number): string {
  return ((BigInt(Math.floor(ms)) - EPOCH) << 22n).toString();
}
