import type { OutgoingMail } from './outbox';

/** How mail leaves: over SMTP, or into the dev outbox (server/plugins/mailer.ts makes one). */
export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps mails in the database and logs their verification links. */
  readonly transport: 'smtp' | 'outbox';
  /**
   * Sends (or keeps) one mail. Never throws: a mail that cannot be sent is logged and reported as
   * `false`, because what asked for it (a registration, a reset) must still succeed; people can ask
   * for another link.
   */
  send(mail: OutgoingMail): Promise<boolean>;
}
