import type { OutboxMail } from '../../../contract';
import type { Executor } from '../../db/client';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text; the link appears in it too. */
  text: string;
  /** The one link the mail is about (verification, password reset), listed by the sandbox outbox. */
  link?: string;
  /** The account the mail is about, so that deleting the account deletes its mails. */
  userId?: number;
}

/** How many mails the outbox lists: enough to follow any recent link, small enough to read. */
export const OUTBOX_LIST_LIMIT = 100;

export async function keepInOutbox(db: Executor, mail: OutgoingMail): Promise<void> {
  await db.query('insert into outbox_mails (user_id, to_address, subject, text, link) values ($1, $2, $3, $4, $5)', [
    mail.userId ?? null,
    mail.to,
    mail.subject,
    mail.text,
    mail.link ?? null,
  ]);
}

type OutboxRow = {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  link: string | null;
  created_at: Date;
};

/** The outbox, newest first, optionally only the mails to one address (case-insensitive). */
export async function listOutbox(db: Executor, to?: string): Promise<OutboxMail[]> {
  const address = to?.trim() || null;
  const rows = await db.query<OutboxRow>(
    `select id, to_address, subject, text, link, created_at from outbox_mails
      where $1::text is null or lower(to_address) = lower($1::text)
      order by id desc limit ${OUTBOX_LIST_LIMIT}`,
    [address],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    link: row.link,
    created_at: row.created_at.toISOString(),
  }));
}
