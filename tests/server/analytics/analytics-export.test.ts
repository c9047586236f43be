import { EXPORT_COLUMNS, type ErrorBody, type ExportRow } from '../../../contract';
import type { Db, Executor } from '../../../server/db/client';
import { csvField, exportBatches, UTF8_BOM } from '../../../server/services/analytics/export';
import { localDay, resolveExportRange } from '../../../server/services/analytics/range';
import { parseCsv } from '../../csv';
import { bearer, registerUser, useTestApp } from '../support/helpers';

/** GET /messages/export: CSV and JSON downloads, streamed from keyset batches. */

const ctx = useTestApp();

let seq = 0;

async function conversation(db: Db, userId: number, name: string | null) {
  seq += 1;
  const waId = `4477119${String(seq).padStart(5, '0')}`;
  const row = await db.one<{ id: number }>(
    `insert into conversations (user_id, wa_id, profile_name) values ($1, $2, $3) returning id`,
    [userId, waId, name],
  );
  return { id: Number(row.id), waId };
}

async function message(db: Db, userId: number, conversationId: number, sender: string, at: string, body: string) {
  seq += 1;
  await db.query(
    `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at)
     values ($1, $2, $3, $4, $5, 'text', $6, '{}'::jsonb, $7, $8)`,
    [
      userId,
      conversationId,
      `wamid.export.${seq}`,
      sender === 'customer' ? 'inbound' : 'outbound',
      sender,
      body,
      sender === 'customer' ? 'received' : 'read',
      at,
    ],
  );
}

function exportRequest(token: string, query: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/messages/export?${query}`, headers: bearer(token) });
}

describe('GET /messages/export', () => {
  it('writes a CSV with RFC 4180 quoting and guarded formula cells, named by the date range', async () => {
    const { user, token } = await registerUser(ctx.app);
    const ann = await conversation(ctx.db, user.id, 'Ann "the Bold", Esq.');
    await message(ctx.db, user.id, ann.id, 'customer', '2026-11-01T09:00:00Z', 'Hello, is it "open"?\nSecond line');
    await message(ctx.db, user.id, ann.id, 'ai', '2026-11-01T09:00:05Z', '=HYPERLINK("http://evil","x")');
    await message(ctx.db, user.id, ann.id, 'human', '2026-11-03T10:00:00Z', '+1 for that');
    await message(ctx.db, user.id, ann.id, 'customer', '2026-11-07T23:59:00Z', '-2 and @you');
    await message(ctx.db, user.id, ann.id, 'customer', '2026-11-08T00:00:00Z', 'the next day: left out');
    await message(ctx.db, user.id, ann.id, 'customer', '2026-10-31T23:59:59Z', 'the day before: left out');
    const { user: stranger } = await registerUser(ctx.app);
    const theirs = await conversation(ctx.db, stranger.id, 'Mallory');
    await message(ctx.db, stranger.id, theirs.id, 'customer', '2026-11-02T09:00:00Z', 'not yours');

    const response = await exportRequest(token, 'format=csv&from=2026-11-01&to=2026-11-07');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="threadline-messages-2026-11-01_2026-11-07.csv"',
    );
    // Excel reads UTF-8 only after its byte order mark.
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(response.body.slice(UTF8_BOM.length));
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    const conv = `${ann.waId}@c.us`;
    const name = 'Ann "the Bold", Esq.';
    expect(rows.slice(1)).toEqual([
      [
        conv,
        name,
        ann.waId,
        '2026-11-01T09:00:00.000Z',
        'inbound',
        'customer',
        'Hello, is it "open"?\nSecond line',
        'received',
      ],
      [conv, name, ann.waId, '2026-11-01T09:00:05.000Z', 'outbound', 'ai', `'=HYPERLINK("http://evil","x")`, 'read'],
      [conv, name, ann.waId, '2026-11-03T10:00:00.000Z', 'outbound', 'human', `'+1 for that`, 'read'],
      [conv, name, ann.waId, '2026-11-07T23:59:00.000Z', 'inbound', 'customer', `'-2 and @you`, 'received'],
    ]);
    // The quoting itself, as a spreadsheet reads it.
    expect(response.body).toContain('"Ann ""the Bold"", Esq."');
  });

  it('quotes and guards single fields', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-1,5')).toBe(`"'-1,5"`);
    expect(csvField('\tcmd')).toBe("'\tcmd");
  });

  it('writes a JSON array in the owner’s time zone’s days', async () => {
    const { user, token } = await registerUser(ctx.app);
    const bo = await conversation(ctx.db, user.id, null);
    // 1 November 2026 in Los Angeles is 25 hours long (DST ends): 07:00 UTC (PDT) to 2 November 08:00 UTC (PST).
    // 06:30 UTC is still 31 October there; 2 November 07:59 UTC is 1 November 23:59.
    await message(ctx.db, user.id, bo.id, 'customer', '2026-11-01T06:30:00Z', 'too early');
    await message(ctx.db, user.id, bo.id, 'customer', '2026-11-01T07:30:00Z', 'Hi 👋 "there"');
    await message(ctx.db, user.id, bo.id, 'ai', '2026-11-02T07:59:00Z', 'Hello!');
    await message(ctx.db, user.id, bo.id, 'ai', '2026-11-02T08:00:00Z', 'the next day');
    const response = await exportRequest(token, 'format=json&from=2026-11-01&to=2026-11-01&tz=America/Los_Angeles');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="threadline-messages-2026-11-01_2026-11-01.json"',
    );
    expect(response.json<ExportRow[]>()).toEqual<ExportRow[]>([
      {
        conversation: `${bo.waId}@c.us`,
        customer_name: null,
        customer_number: bo.waId,
        time: '2026-11-01T07:30:00.000Z',
        direction: 'inbound',
        sender: 'customer',
        text: 'Hi 👋 "there"',
        status: 'received',
      },
      {
        conversation: `${bo.waId}@c.us`,
        customer_name: null,
        customer_number: bo.waId,
        time: '2026-11-02T07:59:00.000Z',
        direction: 'outbound',
        sender: 'ai',
        text: 'Hello!',
        status: 'read',
      },
    ]);

    const none = await exportRequest(token, 'format=json&from=2020-01-01&to=2020-01-02');
    expect(none.json()).toEqual([]);
    const emptyCsv = await exportRequest(token, 'from=2020-01-01&to=2020-01-02');
    expect(emptyCsv.body).toBe(`${UTF8_BOM}${EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it("names today by the owner's day, not the server's", () => {
    const evening = new Date('2026-11-10T07:30:00Z');
    expect(localDay('America/Los_Angeles', evening)).toBe('2026-11-09');
    expect(localDay('Asia/Tokyo', evening)).toBe('2026-11-10');
    expect(localDay('Nowhere/Land', evening)).toBe('2026-11-10');
  });

  it('names an open range by its start and today', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await exportRequest(token, 'format=json&tz=UTC');
    const today = new Date().toISOString().slice(0, 10);
    // The day can turn between the request and this line.
    expect([
      `attachment; filename="threadline-messages-start_${today}.json"`,
      `attachment; filename="threadline-messages-start_${new Date(Date.now() - 60_000).toISOString().slice(0, 10)}.json"`,
    ]).toContain(response.headers['content-disposition']);
  });

  it.each([
    ['format=xlsx', 'format'],
    ['from=2026-11-07&to=2026-11-01', 'from'],
    ['from=2026-13-01', 'from'],
    ['to=2026-11-01&tz=Nowhere/Land', 'tz'],
  ])('refuses %s with a 422 on %s', async (query, field) => {
    const { token } = await registerUser(ctx.app);
    const response = await exportRequest(token, query);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().field).toBe(field);
  });

  it('refuses a caller without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/messages/export' })).statusCode).toBe(401);
  });
});

describe('a large history', () => {
  const TOTAL = 20_000;
  let owner: { token: string; userId: number };

  beforeAll(async () => {
    const { token, user } = await registerUser(ctx.app);
    owner = { token, userId: user.id };
    const conv = await conversation(ctx.db, user.id, 'Big Customer');
    // Four messages share each sent_at, with microseconds: the keyset must page through ties.
    await ctx.db.query(
      `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at)
       select $1, $2, 'wamid.big.' || i, 'inbound', 'customer', 'text', 'message ' || i, '{}'::jsonb, 'received',
         timestamptz '2026-06-01T00:00:00.000123Z' + (i / 4) * interval '1.5 milliseconds'
       from generate_series(1, ${TOTAL}) as i`,
      [user.id, conv.id],
    );
  });

  it('is read in batches no larger than the batch size, every message once', async () => {
    const queries: number[] = [];
    const counting: Executor = {
      ...ctx.db,
      query: async (text, params) => {
        const rows = await ctx.db.query(text, params);
        queries.push(rows.length);
        return rows as never;
      },
    };
    const range = await resolveExportRange(ctx.db, {});
    const seen = new Set<string>();
    let largestBatch = 0;
    for await (const batch of exportBatches(counting, owner.userId, range, 1000)) {
      largestBatch = Math.max(largestBatch, batch.length);
      for (const row of batch) seen.add(row.text);
    }
    // 20 full batches, then an empty read that ends it: never more than 1,000 rows in memory.
    expect(queries).toEqual([...Array<number>(20).fill(1000), 0]);
    expect(largestBatch).toBe(1000);
    expect(seen.size).toBe(TOTAL);
  });

  it('streams all of it through the API as CSV and as JSON', async () => {
    const csv = await exportRequest(owner.token, 'format=csv');
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body.slice(UTF8_BOM.length));
    expect(rows).toHaveLength(TOTAL + 1);
    expect(new Set(rows.slice(1).map((row) => row[6])).size).toBe(TOTAL);
    expect(rows[1]![6]).toBe('message 1');
    expect(rows[TOTAL]![6]).toBe(`message ${TOTAL}`);

    const json = await exportRequest(owner.token, 'format=json');
    const parsed = json.json<ExportRow[]>();
    expect(parsed).toHaveLength(TOTAL);
    expect(parsed[TOTAL - 1]!.text).toBe(`message ${TOTAL}`);
  });
});
