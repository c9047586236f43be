export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  budget: number;
  /** Whether the budget is a ceiling (latency, size) or a floor (throughput). */
  better: 'lower' | 'higher';
  detail?: string;
}

export function withinBudget(result: BenchResult): boolean {
  return result.better === 'lower' ? result.value <= result.budget : result.value >= result.budget;
}

export function formatResult(result: BenchResult): string {
  const relation = result.better === 'lower' ? '≤' : '≥';
  const verdict = withinBudget(result) ? 'ok  ' : 'OVER';
  const value = `${result.value.toFixed(1)} ${result.unit}`;
  const budget = `${relation} ${result.budget} ${result.unit}`;
  return `${verdict} ${result.name.padEnd(48)} ${value.padStart(12)}  budget ${budget}${result.detail ? `  (${result.detail})` : ''}`;
}

/** The value below which `fraction` of the values lie (nearest rank): 0.5 the median, 0.95 the p95. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
