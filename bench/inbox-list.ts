import type { Conversation } from '../contract';
import type { App } from '../server/app';
import type { Db } from '../server/db/client';
import { injectApi, openBenchApp, registeredOwner } from './owner';
import { percentile, type BenchResult } from './report';

const CONVERSATIONS = 10_000;
const WARMUP_REQUESTS = 50;
const MEASURED_REQUESTS = 200;
const BUDGET_MS = 20;
/** The list's default page (contract/inbox.ts INBOX_LIMITS.defaultPageSize). */
const PAGE_SIZE = 50;

/** CONVERSATIONS conversations of the owner, a message each. */
async function seedInbox(db: Db, userId: number): Promise<void> {
  await db.query(
    `insert into conversations
       (user_id, wa_id, profile_name, last_message_preview, last_message_at, last_inbound_at, unread_count)
     select $1, (16505550000 + n)::text, case when n % 3 = 0 then null else 'Customer ' || n end,
            'Message number ' || n, now() - n * interval '1 minute', now() - n * interval '1 minute', n % 4
       from generate_series(1, $2::int) as n`,
    [userId, CONVERSATIONS],
  );
  await db.query(
    `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at)
     select user_id, id, 'wamid.bench' || id, 'inbound', 'customer', 'text', last_message_preview, '{}'::jsonb,
            'received', last_message_at
       from conversations where user_id = $1`,
    [userId],
  );
  await db.exec('analyze conversations; analyze messages');
}

type Request = () => Promise<{ statusCode: number } | unknown[]>;

/** The requests measured, checked once: the first page, the idle poll, a page deep in the list, a search. */
async function inboxRequests(app: App, token: string) {
  const get =
    (query: string, headers: Record<string, string> = {}) =>
    () =>
      app.inject({
        method: 'GET',
        url: `/api/v1/messages/conversations${query}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
  const list = get('');
  const first = await list();
  const count = first.json<unknown[]>().length;
  const cursor = first.headers['x-next-cursor'];
  if (first.statusCode !== 200 || count !== PAGE_SIZE || typeof cursor !== 'string') {
    throw new Error(`the list answered ${first.statusCode} with ${count} conversations, next cursor ${cursor}`);
  }
  const poll = get('', { 'if-none-match': String(first.headers.etag) });
  // A page deep in the list: the cursor after conversation 9,000.
  const deepCursor = Buffer.from(
    `${new Date(Date.parse(String(first.json<Conversation[]>()[0].timestamp)) - 9_000 * 60_000).toISOString().replace('Z', '000Z')}|1`,
  ).toString('base64url');
  return { list, poll, deep: get(`?before=${deepCursor}`), search: get('?q=number%2099') };
}

/** A request's times; an HTTP answer's statuses too (the bare query has none). */
async function timed(request: Request) {
  for (let i = 0; i < WARMUP_REQUESTS; i += 1) await request();
  const times: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < MEASURED_REQUESTS; i += 1) {
    const started = process.hrtime.bigint();
    const response = await request();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if ('statusCode' in response) statuses.add(response.statusCode);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), statuses: [...statuses] };
}

type Timing = Awaited<ReturnType<typeof timed>>;

interface InboxTimings {
  bare: Timing;
  idle: Timing;
  page: Timing;
  deepPage: Timing;
  searched: Timing;
}

async function measure(db: Db, userId: number, requests: Awaited<ReturnType<typeof inboxRequests>>) {
  // The peer: the bare statement a page rests on, on the same database, without HTTP, auth or JSON.
  const bareQuery = () =>
    db.query(
      `select id, wa_id, profile_name, last_message_preview, last_message_at from conversations
        where user_id = $1 order by last_message_at desc nulls last, id desc limit ${PAGE_SIZE + 1}`,
      [userId],
    );
  const bare = await timed(bareQuery);
  const idle = await timed(requests.poll);
  const page = await timed(requests.list);
  const deepPage = await timed(requests.deep);
  const searched = await timed(requests.search);
  return { bare, idle, page, deepPage, searched };
}

function report({ bare, idle, page, deepPage, searched }: InboxTimings): BenchResult[] {
  const peer = { name: 'the bare page query', value: bare.p95 };
  const idleIs304 = idle.statuses.length === 1 && idle.statuses[0] === 304;
  const through = `${MEASURED_REQUESTS} requests through app.inject on PGlite`;
  return [
    {
      name: 'inbox list, 10,000 conversations, p95',
      value: page.p95,
      unit: 'ms',
      budget: BUDGET_MS,
      better: 'lower',
      peer,
      detail: `the first page of ${PAGE_SIZE} (the default limit), p50 ${page.p50.toFixed(1)} ms, ${through}, answers ${page.statuses.join('/')}`,
    },
    {
      name: 'inbox idle poll (If-None-Match), p95',
      value: idleIs304 ? idle.p95 : Number.POSITIVE_INFINITY,
      unit: 'ms',
      budget: BUDGET_MS,
      better: 'lower',
      detail: idleIs304
        ? `the first page, p50 ${idle.p50.toFixed(1)} ms, answers 304`
        : `answers ${idle.statuses.join('/')}, not 304`,
    },
    {
      name: 'inbox list, a page 9,000 deep, p95',
      value: deepPage.p95,
      unit: 'ms',
      budget: BUDGET_MS,
      better: 'lower',
      peer,
      detail: `a page of ${PAGE_SIZE} after a cursor, p50 ${deepPage.p50.toFixed(1)} ms, ${through}, answers ${deepPage.statuses.join('/')}`,
    },
    {
      name: 'inbox search (q), 10,000 conversations, p95',
      value: searched.p95,
      unit: 'ms',
      budget: BUDGET_MS,
      better: 'lower',
      detail: `first page of 'number 99' (111 matches), p50 ${searched.p50.toFixed(1)} ms, ${through}, answers ${searched.statuses.join('/')}`,
    },
  ];
}

/**
 * DESIGN.md §11: the inbox list of an owner with 10,000 conversations (a message each), served by
 * the real app on embedded PGlite through `app.inject` (server time: auth, ETag, query, JSON): its
 * first page (what the SPA polls), the idle 3-second poll, which must answer 304 from the ETag alone,
 * a page deep in the list, and a search.
 */
export async function inboxList(): Promise<BenchResult[]> {
  const { app, db, close } = await openBenchApp('inbox');
  try {
    await app.ready();
    const token = await registeredOwner(injectApi(app), 'bench');
    const { id: userId } = await db.one<{ id: number }>('select id from users where username = $1', ['bench']);
    await seedInbox(db, userId);
    return report(await measure(db, userId, await inboxRequests(app, token)));
  } finally {
    await close();
  }
}
