import { EXPORT_COLUMNS, type ExportRow } from '../../../contract';
import type { Executor } from '../../db/client';
import { publicConversationId } from '../inbox/conversations';
import { isPhoneNumber } from '../whatsapp/customer-id';
import type { ExportRange } from './range';

/**
 * GET /messages/export: the owner's messages with their conversation, oldest first, read a batch at
 * a time by keyset on (sent_at, id) (messages_user_id_sent_at_id_idx, 0012) and encoded as they
 * come, so that memory holds one batch whatever the history's size. The consumer pulls: a slow
 * download slows the reads (Readable.from over these generators honours backpressure).
 */

export const EXPORT_BATCH_SIZE = 1000;

type ExportDbRow = {
  id: number;
  /** The exact sent_at as PostgreSQL prints it (microseconds): the next batch's cursor. */
  cursor_at: string;
  sent_at: Date;
  direction: string;
  sender: string;
  body: string;
  status: string;
  wa_id: string;
  profile_name: string | null;
  username: string | null;
};

/** The rows in batches of at most `batchSize`; the last batch is shorter (possibly empty). */
export async function* exportBatches(
  db: Executor,
  userId: number,
  range: ExportRange,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportRow[]> {
  const from = range.from ? range.from.at.toISOString() : '-infinity';
  const to = range.to ? range.to.at.toISOString() : 'infinity';
  let cursor: { at: string; id: number } = { at: '-infinity', id: 0 };
  for (;;) {
    const rows = await db.query<ExportDbRow>(
      `select m.id, m.sent_at::text as cursor_at, m.sent_at, m.direction, m.sender, m.body, m.status,
          c.wa_id, c.profile_name, c.username
        from messages m join conversations c on c.id = m.conversation_id
        where m.user_id = $1 and m.sent_at >= $2::timestamptz and m.sent_at < $3::timestamptz
          and (m.sent_at, m.id) > ($4::timestamptz, $5::bigint)
        order by m.sent_at, m.id
        limit $6`,
      [userId, from, to, cursor.at, cursor.id, batchSize],
    );
    yield rows.map((row) => ({
      conversation: publicConversationId(row.wa_id),
      customer_name: row.profile_name ?? row.username,
      // A customer who wrote with their number hidden has none to export.
      customer_number: isPhoneNumber(row.wa_id) ? row.wa_id : '',
      time: new Date(row.sent_at).toISOString(),
      direction: row.direction,
      sender: row.sender,
      text: row.body,
      status: row.status,
    }));
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    cursor = { at: last.cursor_at, id: Number(last.id) };
  }
}

/** Cells a spreadsheet would run as a formula start with one of these; a leading quote makes them text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): formula-guarded, quoted when it holds a comma, quote or line break. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CRLF = '\r\n';
/** The byte order mark: without it Excel reads a UTF-8 file as the system's code page (é becomes Ã©). */
export const UTF8_BOM = '\uFEFF';

export async function* encodeCsv(batches: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  yield UTF8_BOM + EXPORT_COLUMNS.join(',') + CRLF;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield batch.map((row) => EXPORT_COLUMNS.map((column) => csvField(row[column])).join(',') + CRLF).join('');
  }
}

/** A JSON array written element by element. */
export async function* encodeJson(batches: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield (first ? '\n' : ',\n') + batch.map((row) => JSON.stringify(row)).join(',\n');
    first = false;
  }
  yield first ? ']' : '\n]\n';
}

/** threadline-messages-<from>_<to>.<format>, by the owner's local days; 'start' / today when open. */
export function exportFileName(range: ExportRange, format: 'csv' | 'json', today: string): string {
  return `threadline-messages-${range.from?.label ?? 'start'}_${range.to?.label ?? today}.${format}`;
}
