import type { OutboxMail } from '../../../contract';
import type { Executor } from '../../db/client';
import type { Secrets } from '../../secrets';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text; the link appears in it too. */
  text: string;
  /** The one link the mail is about (verification, password reset), listed by the sandbox outbox. */
  link?: string;
  /**
   * The link lets whoever holds it into the account (a password reset): it is only ever delivered,
   * never written to the log.
   */
  linkGrantsAccess?: boolean;
  /** The account the mail is about, so that deleting the account deletes its mails. */
  userId?: number;
}

/** How many mails the outbox lists: enough to follow any recent link, small enough to read. */
export const OUTBOX_LIST_LIMIT = 100;

/**
 * A mail's text and link are sealed at rest: the one-time tokens they carry are stored only as
 * hashes, and a database copy must not hold them in the clear either. Bound to the address.
 */
export const outboxAad = (to: string) => `outbox_mails:${to.toLowerCase()}`;

export async function keepInOutbox(db: Executor, secrets: Pick<Secrets, 'encrypt'>, mail: OutgoingMail): Promise<void> {
  const seal = (text: string) => secrets.encrypt(text, outboxAad(mail.to));
  await db.query('insert into outbox_mails (user_id, to_address, subject, text, link) values ($1, $2, $3, $4, $5)', [
    mail.userId ?? null,
    mail.to,
    mail.subject,
    seal(mail.text),
    mail.link === undefined ? null : seal(mail.link),
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

/**
 * The owner's own mails, newest first: those about the account and addressed to its email as it
 * is now. Nobody else's mail is ever listed, so no one can follow another owner's reset link.
 */
export async function listOutbox(
  db: Executor,
  secrets: Pick<Secrets, 'decrypt'>,
  userId: number,
): Promise<OutboxMail[]> {
  const rows = await db.query<OutboxRow>(
    `select m.id, m.to_address, m.subject, m.text, m.link, m.created_at
       from outbox_mails m join users u on u.id = m.user_id
      where m.user_id = $1 and lower(m.to_address) = lower(u.email)
      order by m.id desc limit $2`,
    [userId, OUTBOX_LIST_LIMIT],
  );
  // A mail kept before sealing (or under another key) is listed without what it no longer opens to.
  const open = (sealed: string, to: string) => {
    try {
      return secrets.decrypt(sealed, outboxAad(to));
    } catch {
      return null;
    }
  };
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: open(row.text, row.to_address) ?? '',
    link: row.link === null ? null : open(row.link, row.to_address),
    created_at: row.created_at.toISOString(),
  }));
}
