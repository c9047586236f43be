export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** Undefined for a figure that is reported only. */
  budget?: number;
  /** Whether the budget is a ceiling (latency, size) or a floor (throughput). */
  better: 'lower' | 'higher';
  detail?: string;
  /**
   * The same figure of a bare peer measured in the same run (a bare Fastify route, the bare query):
   * the ratio stays comparable across machines where the figure does not.
   */
  peer?: { name: string; value: number };
}

/** 'ours ÷ peer': how many times the peer's throughput we reach, or how many times its time we take. */
export function peerRatio(result: BenchResult): number | undefined {
  return result.peer && result.peer.value > 0 ? result.value / result.peer.value : undefined;
}

export function withinBudget(result: BenchResult): boolean {
  if (result.budget === undefined) return true;
  return result.better === 'lower' ? result.value <= result.budget : result.value >= result.budget;
}

export function formatResult(result: BenchResult): string {
  const relation = result.better === 'lower' ? '≤' : '≥';
  const verdict = withinBudget(result) ? 'ok  ' : 'OVER';
  const value = `${result.value.toFixed(1)} ${result.unit}`;
  const budget = result.budget === undefined ? 'reported' : `budget ${relation} ${result.budget} ${result.unit}`;
  const ratio = peerRatio(result);
  const peer = result.peer
    ? `  [×${ratio?.toFixed(2)} of ${result.peer.name}: ${result.peer.value.toFixed(1)} ${result.unit}]`
    : '';
  return `${verdict} ${result.name.padEnd(48)} ${value.padStart(12)}  ${budget}${peer}${result.detail ? `  (${result.detail})` : ''}`;
}

/** The value below which `fraction` of the values lie (nearest rank): 0.5 the median, 0.95 the p95. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
