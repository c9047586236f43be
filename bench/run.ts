import { inboxList } from './inbox-list';
import { ingestPdf } from './ingest-pdf';
import { landingBundle } from './landing-bundle';
import { live } from './live';
import { memory } from './memory';
import { messageSearch } from './message-search';
import { formatResult, withinBudget, type BenchResult } from './report';
import { replyBurst } from './reply-burst';
import { replyPipeline } from './reply-pipeline';
import { sampleResident, type ResidentPeaks } from './resident';
import { retrieval } from './retrieval';
import { webhookIngest } from './webhook';

/**
 * `npm run bench`: measures each figure of DESIGN.md §11 that exists so far and reports it against
 * its budget. Budgets are reported, not asserted in unit tests; the exit code says whether all held.
 * `npm run bench -- webhook retrieval` runs only the benches named.
 */
const benches: Record<string, () => Promise<BenchResult[]>> = {
  'landing-bundle': landingBundle,
  'inbox-list': inboxList,
  search: messageSearch,
  webhook: webhookIngest,
  retrieval,
  'ingest-pdf': ingestPdf,
  'reply-pipeline': replyPipeline,
  'reply-burst': replyBurst,
  live,
  memory,
};

/** Issue 20: the resident memory of what served a bench, at its peak (reported, no budget). */
function residentUnder(bench: string, peaks: ResidentPeaks): BenchResult {
  const own =
    `this process (the in-process app on PGlite, if any, the load generator, what earlier benches left): ` +
    `${peaks.ownStartMb.toFixed(0)} MB at the start, ${peaks.ownMb.toFixed(0)} MB at the peak`;
  return {
    name:
      peaks.servers > 0
        ? `server processes' resident memory at the peak of ${bench}`
        : `bench process's resident memory (the app in it) at the peak of ${bench}`,
    value: peaks.servers > 0 ? peaks.serversMb : peaks.ownMb,
    unit: 'MB',
    better: 'lower',
    detail:
      peaks.servers > 0
        ? `the server processes it started (at most ${peaks.servers} at once, summed); ${own}`
        : `${own}; it started no server process`,
  };
}

async function main() {
  const named = process.argv.slice(2);
  const unknown = named.filter((name) => !(name in benches));
  if (unknown.length > 0) {
    throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}`);
  }
  const results: BenchResult[] = [];
  for (const [name, bench] of Object.entries(benches)) {
    if (named.length > 0 && !named.includes(name)) continue;
    const resident = sampleResident();
    const measured = await bench();
    const peaks = resident.stop();
    // The memory bench measures the idle server itself.
    if (name !== 'memory') measured.push(residentUnder(name, peaks));
    for (const result of measured) {
      console.log(formatResult(result));
      results.push(result);
    }
  }
  const over = results.filter((result) => !withinBudget(result));
  console.log(`\n${results.length - over.length} of ${results.length} figures within budget.`);
  process.exitCode = over.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
