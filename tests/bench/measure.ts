/**
 * Measuring on a shared, noisy machine: variants run side by side in interleaved rounds (the order
 * flips every round), so a burst of load from another process hits both; a comparison is the
 * median of the per-round ratios, with the absolute medians printed only for context.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const now = (): number => performance.now();

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export interface Variant {
  name: string;
  /** Untimed preparation of one sample (a fresh session, a fresh cart). */
  setup?: () => Promise<unknown>;
  /** The timed work; receives what setup returned. */
  run: (prepared: unknown) => Promise<void>;
}

export interface Comparison {
  baseline: { name: string; samples: number[] };
  compared: { name: string; samples: number[] };
  /** compared / baseline of each round's medians. */
  roundRatios: number[];
  rounds: number;
  perRound: number;
}

export interface CompareOptions {
  rounds: number;
  perRound: number;
  /** Untimed samples of each variant before the first round (JIT, connection pools). */
  warmup?: number;
  /** Stop starting new rounds after this long (at least two rounds always run). */
  budgetMs: number;
}

async function sample(variant: Variant): Promise<number> {
  const prepared = variant.setup ? await variant.setup() : undefined;
  const start = now();
  await variant.run(prepared);
  return now() - start;
}

/** Latency of two variants in interleaved rounds: A B, B A, A B, ... */
export async function compareLatency(baseline: Variant, compared: Variant, options: CompareOptions): Promise<Comparison> {
  for (let i = 0; i < (options.warmup ?? 2); i++) {
    await sample(baseline);
    await sample(compared);
  }
  const result: Comparison = {
    baseline: { name: baseline.name, samples: [] },
    compared: { name: compared.name, samples: [] },
    roundRatios: [],
    rounds: 0,
    perRound: options.perRound,
  };
  const started = now();
  for (let round = 0; round < options.rounds; round++) {
    if (round >= 2 && now() - started > options.budgetMs) break;
    const order = round % 2 === 0 ? [baseline, compared] : [compared, baseline];
    const times = new Map<Variant, number[]>([
      [baseline, []],
      [compared, []],
    ]);
    for (const variant of order) {
      for (let i = 0; i < options.perRound; i++) times.get(variant)!.push(await sample(variant));
    }
    const a = times.get(baseline)!;
    const b = times.get(compared)!;
    result.baseline.samples.push(...a);
    result.compared.samples.push(...b);
    result.roundRatios.push(median(b) / median(a));
    result.rounds += 1;
  }
  return result;
}

export interface ThroughputResult {
  baseline: { name: string; opsPerSecond: number[] };
  compared: { name: string; opsPerSecond: number[] };
  /** Time per op of compared / baseline, per round. */
  roundRatios: number[];
  opsPerBatch: number;
}

/**
 * Throughput of two synchronous batches in interleaved rounds. Each batch returns a checksum so
 * the work cannot be optimised away.
 */
export function compareThroughput(
  baseline: { name: string; batch: () => number; ops: number },
  compared: { name: string; batch: () => number; ops: number },
  options: { rounds: number; budgetMs: number; warmup?: number },
): ThroughputResult & { checksum: number } {
  let checksum = 0;
  for (let i = 0; i < (options.warmup ?? 3); i++) checksum += baseline.batch() + compared.batch();
  const result = {
    baseline: { name: baseline.name, opsPerSecond: [] as number[] },
    compared: { name: compared.name, opsPerSecond: [] as number[] },
    roundRatios: [] as number[],
    opsPerBatch: compared.ops,
    checksum,
  };
  const time = (batch: () => number): number => {
    const start = now();
    result.checksum += batch();
    return now() - start;
  };
  const started = now();
  for (let round = 0; round < options.rounds; round++) {
    if (round >= 2 && now() - started > options.budgetMs) break;
    let a: number;
    let b: number;
    if (round % 2 === 0) {
      a = time(baseline.batch);
      b = time(compared.batch);
    } else {
      b = time(compared.batch);
      a = time(baseline.batch);
    }
    result.baseline.opsPerSecond.push((baseline.ops / a) * 1000);
    result.compared.opsPerSecond.push((compared.ops / b) * 1000);
    result.roundRatios.push(b / compared.ops / (a / baseline.ops));
  }
  return result;
}

/** A full garbage collection, when the flag can be turned on at run time; false otherwise. */
const collect: (() => void) | null = (() => {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
})();

export const canCollect = collect !== null;

export function fullGc(): void {
  if (collect) {
    collect();
    collect();
  }
}

export interface MemorySnapshot {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rss: number;
}

export function memory(): MemorySnapshot {
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, rss: m.rss };
}

export function memoryAfterGc(): MemorySnapshot {
  fullGc();
  return memory();
}

// Formatting.

export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

export function mb(bytes: number): string {
  const value = bytes / 1024 / 1024;
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)} MB`;
}

export function mbAbsolute(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function opsPerSecond(value: number): string {
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)} M ops/s`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(0)} k ops/s`;
  return `${value.toFixed(0)} ops/s`;
}

/** '0.62× (0.58–0.70)': the median round ratio and the middle half of the rounds. */
export function ratio(roundRatios: readonly number[]): string {
  if (roundRatios.length === 0) return '–';
  const r = (x: number) => (x >= 10 ? x.toFixed(1) : x.toFixed(2));
  return `${r(median(roundRatios))}× (${r(quantile(roundRatios, 0.25))}–${r(quantile(roundRatios, 0.75))})`;
}

export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
