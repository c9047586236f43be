import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { EXPORT_COLUMNS } from '../../contract';
import { PHRASES } from '../../server/services/replies/phrasing';
import { parseCsv } from '../csv';
import {
  BAKERY_AGENT,
  businessMessage,
  conversationRow,
  customerSays,
  HANDBOOK,
  HANDOVER_MESSAGE,
  openButton,
  openCustomerPhone,
  openInbox,
  OPENING_HOURS,
  openShop,
  REPLY_PATIENCE,
  type Customer,
} from './exchange';
import { expect, test } from './fixtures';
import { displayed } from './whatsapp';

const PRIYA: Required<Customer> = { name: 'Priya Raman', phoneNumber: '+1 555 310 4421' };
/** Not ASCII: the export must be UTF-8 that a spreadsheet reads as such. */
const ZOE: Required<Customer> = { name: 'Zoë Ångström', phoneNumber: '+1 555 310 8876' };

/** Shares its content words with the handbook's opening hours: the AI answers it. */
const QUESTION = 'When does the Harbor Bakery open on Sundays?';
const ASK_FOR_PERSON = 'Can I talk to a real person?';
/** Asked while a person owns the conversation: the AI leaves it to them. */
const TABLE_REQUEST = 'Could you keep a table by the window for me at noon?';
/** A comma and quotes: the CSV must quote the field and double its quotes (RFC 4180). */
const MANUAL_ANSWER = 'Hi Zoë, this is Sam: "of course", the window table is yours at noon.';

type Sender = 'customer' | 'ai' | 'human';

interface ExchangedMessage {
  conversation: string;
  customer_name: string;
  customer_number: string;
  direction: 'inbound' | 'outbound';
  sender: Sender;
  text: string;
}

const waIdOf = (customer: Required<Customer>) => customer.phoneNumber.replace(/\D/g, '');

function message(customer: Required<Customer>, sender: Sender, text: string): ExchangedMessage {
  return {
    conversation: `${waIdOf(customer)}@c.us`,
    customer_name: customer.name,
    customer_number: waIdOf(customer),
    direction: sender === 'customer' ? 'inbound' : 'outbound',
    sender,
    text,
  };
}

/** Everything the exchange below sends, in order: every figure must follow from it. */
const EXCHANGE: readonly ExchangedMessage[] = [
  message(PRIYA, 'customer', QUESTION),
  // The offline model answers with the handbook's sentence, as it stands.
  message(PRIYA, 'ai', OPENING_HOURS),
  message(ZOE, 'customer', ASK_FOR_PERSON),
  message(ZOE, 'ai', HANDOVER_MESSAGE),
  message(ZOE, 'customer', TABLE_REQUEST),
  message(ZOE, 'human', MANUAL_ANSWER),
];
/** Zoë asked for a person once. */
const HANDOVERS = 1;

const count = (sender: Sender) => EXCHANGE.filter((sent) => sent.sender === sender).length;
const conversations = new Set(EXCHANGE.map((sent) => sent.conversation)).size;

/**
 * Customer messages the AI answered, as the product counts them (server/services/analytics/answers.ts):
 * an AI message follows before the conversation's next customer message. The hand-over notice is not
 * one: after it the customer still waits for an answer.
 */
function aiAnswered(exchange: readonly ExchangedMessage[]): number {
  return exchange.filter((sent, index) => {
    if (sent.sender !== 'customer') return false;
    const after = exchange.slice(index + 1).filter((later) => later.conversation === sent.conversation);
    const next = after.findIndex((later) => later.sender === 'customer');
    const window = next === -1 ? after : after.slice(0, next);
    return window.some((later) => later.sender === 'ai' && later.text !== HANDOVER_MESSAGE);
  }).length;
}

/** Conversations with only the AI's answers and no hand-over: Priya's. */
const AI_ONLY_CONVERSATIONS = 1;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

/** '45s', '3m 20s', '2h 5m' (src/features/insights/format.ts) as seconds; NaN for anything else (N/A). */
function secondsOf(duration: string): number {
  if (!/^\d+[hms]( \d+[ms])?$/.test(duration)) return NaN;
  const unit = { h: 3600, m: 60, s: 1 } as Record<string, number>;
  return [...duration.matchAll(/(\d+)([hms])/g)].reduce((sum, [, value, u]) => sum + Number(value) * unit[u], 0);
}

/** A table's rows, its header first, as the texts of their cells. */
function tableRows(table: Locator): Promise<string[][]> {
  return table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent ?? '')),
    );
}

/** The sum of a column of a table read by tableRows. */
function columnSum(rows: string[][], column: string): number {
  const index = rows[0].indexOf(column);
  expect(index).toBeGreaterThanOrEqual(0);
  return rows.slice(1).reduce((sum, row) => sum + Number(row[index]), 0);
}

/** Clicks `button` and reads the file the browser downloads. */
async function downloadFrom(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(await download.failure()).toBeNull();
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

type ExportRow = Omit<ExchangedMessage, 'customer_name'> & {
  customer_name: string | null;
  time: string;
  status: string;
};

/** The exported rows are the exchange's messages, oldest first, sent while the test ran, none failed. */
function expectTheExchange(rows: ExportRow[], started: number, finished: number) {
  expect(rows.map(({ time: _time, status: _status, ...row }) => row)).toEqual(EXCHANGE);
  const times = rows.map((row) => Date.parse(row.time));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(times[0]).toBeGreaterThanOrEqual(started - 1000);
  expect(times[times.length - 1]).toBeLessThanOrEqual(finished + 1000);
  for (const row of rows) {
    expect(row.status).toMatch(row.direction === 'inbound' ? /^received$/ : /^(sent|delivered|read)$/);
  }
}

function csvRows(bytes: Buffer): ExportRow[] {
  // The byte order mark lets Excel read the file as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parseCsv(bytes.toString('utf8').slice(1));
  expect(header).toEqual([...EXPORT_COLUMNS]);
  return records.map((record) => {
    expect(record).toHaveLength(header.length);
    return Object.fromEntries(header.map((column, index) => [column, record[index]])) as unknown as ExportRow;
  });
}

/** A figure of the dashboard or of /analytics, by its card's title. */
function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

function cardValue(page: Page, title: string): Locator {
  return card(page, title).getByTestId('stat-value');
}

test('after an exchange through the sandbox phone, the dashboard, analytics and the export agree with it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const businessNumber = await openShop(page, request, BAKERY_AGENT, HANDBOOK);
  await openInbox(page);

  // Priya asks what the handbook answers, and the AI answers.
  const started = Date.now();
  const priya = await openCustomerPhone(page, businessNumber, PRIYA);
  await customerSays(priya, QUESTION);
  await expect(businessMessage(priya, OPENING_HOURS)).toHaveCount(1, REPLY_PATIENCE);

  // Zoë asks for a person and is told one will answer; her next message is the owner's to answer.
  const zoe = await openCustomerPhone(page, businessNumber, ZOE);
  await customerSays(zoe, ASK_FOR_PERSON);
  await expect(businessMessage(zoe, HANDOVER_MESSAGE)).toHaveCount(1, REPLY_PATIENCE);
  await customerSays(zoe, TABLE_REQUEST);

  // The owner answers Zoë by hand from the inbox.
  await page.bringToFront();
  const row = conversationRow(page, ZOE.name);
  await expect(row.getByText('Needs you', { exact: true })).toBeVisible(REPLY_PATIENCE);
  await openButton(row).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByRole('article', { name: 'Received message' }).filter({ hasText: TABLE_REQUEST })).toBeVisible(
    REPLY_PATIENCE,
  );
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill(MANUAL_ANSWER);
  await composer.press('Enter');
  await expect(chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: MANUAL_ANSWER })).toHaveCount(
    1,
    REPLY_PATIENCE,
  );
  await zoe.bringToFront();
  await expect(businessMessage(zoe, MANUAL_ANSWER)).toHaveCount(1, REPLY_PATIENCE);
  // Nothing else reached either customer: the AI left Zoë's table request, which the handbook does
  // not answer, to the owner instead of telling her it had passed the question on.
  await expect(businessMessage(zoe, PHRASES.en.notFound('Zoë'))).toHaveCount(0);
  await expect(zoe.getByTestId('message')).toHaveCount(4);
  await priya.bringToFront();
  await expect(priya.getByTestId('message')).toHaveCount(2);
  const finished = Date.now();

  const customerMessages = count('customer');
  const answered = aiAnswered(EXCHANGE);
  const elapsed = (Date.now() - started) / 1000;

  // The dashboard's four cards, loaded as it opens.
  await page.bringToFront();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(cardValue(page, '24h Messages')).toHaveText(String(EXCHANGE.length));
  await expect(card(page, '24h Messages')).toContainText('Up from 0 vs previous 24 h');
  await expect(cardValue(page, 'AI Response Rate')).toHaveText(percent(answered, customerMessages));
  await expect(cardValue(page, 'Active Conversations')).toHaveText(String(conversations));
  // Each answer came after its message and before the end of the exchange; the AI's waits at least
  // REPLY_DEBOUNCE_MS (2 s), so the average of two answers, one the AI's, is at least 1 s.
  const average = secondsOf((await cardValue(page, 'Avg. Response Time').textContent()) ?? '');
  expect(average).toBeGreaterThanOrEqual(1);
  expect(average).toBeLessThanOrEqual(elapsed);

  // Recent activity, newest first, each event with its badge.
  const activity = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  const events: Array<[badge: string, text: string]> = [
    // The hand-over notice the AI sent Zoë is part of the hand-over, not a reply of its own.
    ['Human', `You replied to ${ZOE.name}`],
    ['Human', `Handed over to you: ${ZOE.name} — The customer asked for a person.`],
    ['Info', `New conversation with ${ZOE.name}`],
    ['AI', `AI replied to ${PRIYA.name}`],
    ['Info', `New conversation with ${PRIYA.name}`],
    ['Info', `WhatsApp connected (${displayed(businessNumber)})`],
  ];
  await expect(activity).toHaveText(events.map(([badge, text]) => new RegExp(`^${badge}${escapeRegExp(text)}`)));
  // Each conversation's event links to it in the inbox.
  for (const [, text] of events.slice(0, -1)) {
    const customer = text.includes(ZOE.name) ? ZOE : PRIYA;
    await expect(activity.getByRole('link', { name: text, exact: true })).toHaveAttribute(
      'href',
      `/messages?c=${encodeURIComponent(`${waIdOf(customer)}@c.us`)}`,
    );
  }

  // 'Export Chat Data': the last 30 days as CSV, which hold exactly the exchange.
  const dashboardCsv = await downloadFrom(page, page.getByRole('button', { name: 'Export Chat Data' }));
  expect(dashboardCsv.name).toMatch(/^threadline-messages-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = csvRows(dashboardCsv.bytes);
  expectTheExchange(exported, started, finished);
  // The manual answer's comma and quotes are written as RFC 4180 says.
  expect(dashboardCsv.bytes.toString('utf8')).toContain(`,"${MANUAL_ANSWER.replace(/"/g, '""')}",`);

  // /analytics, the last 7 days by default: the same totals, read from the tables behind the charts.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('group', { name: 'Date range' }).getByRole('button', { pressed: true })).toHaveText(
    'Last 7 days',
  );
  await expect(cardValue(page, 'Messages')).toHaveText(String(EXCHANGE.length));
  await expect(card(page, 'Messages')).toContainText(
    `${customerMessages} from customers, ${count('ai')} by the AI, ${count('human')} by people.`,
  );
  await expect(cardValue(page, 'Conversations')).toHaveText(String(conversations));
  await expect(card(page, 'Conversations')).toContainText(`${conversations} new in this range.`);
  await expect(cardValue(page, 'AI Response Rate')).toHaveText(percent(answered, customerMessages));
  await expect(cardValue(page, 'AI Resolution Rate')).toHaveText(percent(AI_ONLY_CONVERSATIONS, conversations));
  await expect(cardValue(page, 'Hand-overs')).toHaveText(String(HANDOVERS));
  const aiMedian = secondsOf((await cardValue(page, 'Median First Response').textContent()) ?? '');
  expect(aiMedian).toBeGreaterThanOrEqual(2);
  expect(aiMedian).toBeLessThanOrEqual(elapsed);

  const volume = await tableRows(page.getByRole('table', { name: 'Conversations and messages' }));
  expect(volume[0]).toEqual(['Period', 'Conversations', 'Customer', 'AI', 'Person']);
  expect(volume).toHaveLength(1 + 7);
  expect(columnSum(volume, 'Customer')).toBe(customerMessages);
  expect(columnSum(volume, 'AI')).toBe(count('ai'));
  expect(columnSum(volume, 'Person')).toBe(count('human'));

  const responses = await tableRows(page.getByRole('table', { name: 'First response time' }));
  expect(responses.map((cells) => [cells[0], cells[3]])).toEqual([
    ['Answered by', 'Answers'],
    // Priya's question was answered by the AI, the table request by the owner; Zoë's request for a
    // person got only the hand-over notice before she wrote again.
    ['AI', '1'],
    ['People', '1'],
  ]);
  for (const cells of responses.slice(1)) {
    expect(secondsOf(cells[1])).toBeLessThanOrEqual(elapsed);
    expect(secondsOf(cells[2])).toBeLessThanOrEqual(elapsed);
  }

  expect(columnSum(await tableRows(page.getByRole('table', { name: 'Hand-overs', exact: true })), 'Hand-overs')).toBe(
    HANDOVERS,
  );
  expect(await tableRows(page.getByRole('table', { name: 'Hand-overs by reason' }))).toEqual([
    ['Reason', 'Hand-overs'],
    ['Customer asked for a person', String(HANDOVERS)],
  ]);
  const busiest = await tableRows(page.getByRole('table', { name: 'Busiest hours' }));
  expect(
    busiest.slice(1).reduce((sum, cells) => sum + cells.slice(1).reduce((day, cell) => day + Number(cell), 0), 0),
  ).toBe(customerMessages);
  expect(await tableRows(page.getByRole('table', { name: 'Top customers by messages' }))).toEqual([
    ['Customer', 'Number', 'Messages'],
    [ZOE.name, waIdOf(ZOE), '2'],
    [PRIYA.name, waIdOf(PRIYA), '1'],
  ]);
  await expect(
    page.getByText('No unanswered questions in this range. Your documents covered everything.'),
  ).toBeVisible();

  // The analytics page's exports of the range hold the same messages as the dashboard's.
  const analyticsCsv = await downloadFrom(page, page.getByRole('button', { name: 'Export CSV' }));
  expect(analyticsCsv.name).toMatch(/^threadline-messages-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const withoutStatus = (rows: ExportRow[]) => rows.map(({ status: _status, ...row }) => row);
  expect(withoutStatus(csvRows(analyticsCsv.bytes))).toEqual(withoutStatus(exported));
  const analyticsJson = await downloadFrom(page, page.getByRole('button', { name: 'Export JSON' }));
  expect(analyticsJson.name).toMatch(/^threadline-messages-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.json$/);
  const json = JSON.parse(analyticsJson.bytes.toString('utf8')) as ExportRow[];
  expectTheExchange(json, started, finished);
  expect(withoutStatus(json)).toEqual(withoutStatus(exported));
});
