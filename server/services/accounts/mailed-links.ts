import type { EmailBody } from '../../../contract';
import type { RateLimit } from '../../config';
import type { OutgoingMail } from '../mail/outbox';
import { issueOneTimeToken, type TokenPurpose } from '../auth/one-time-tokens';
import type { ClientInfo } from '../auth/sessions';
import type { AccountDeps } from './deps';
import type { Recipient } from './mails';
import { findUserByEmail, type MailableUser } from './users';
import { validEmail } from './validation';

/** One kind of link a person asks to be mailed: how often they may ask, and what is mailed to whom. */
export interface MailedLink {
  /** The limiter counts under `${rule}-address` (per client) and `${rule}-email` (per address asked for). */
  rule: string;
  perAddress: RateLimit;
  perEmail: RateLimit;
  purpose: TokenPurpose;
  mail: (publicUrl: string, user: Recipient, token: string) => OutgoingMail;
  /** Whether the account behind the address gets a link at all. */
  wanted: (user: MailableUser) => boolean;
}

/**
 * Mails a one-time link to the account behind `body.email` when there is one that wants it. The
 * caller answers the same either way, so that the answer does not tell which addresses have accounts.
 */
export async function mailLinkOnRequest(
  deps: AccountDeps,
  body: EmailBody,
  client: ClientInfo,
  link: MailedLink,
): Promise<void> {
  const email = validEmail(body.email);
  deps.limiter.consume(`${link.rule}-address`, client.address, link.perAddress);
  deps.limiter.consume(`${link.rule}-email`, email.toLowerCase(), link.perEmail);
  const user = await findUserByEmail(deps.db, email);
  if (user && link.wanted(user)) {
    const token = await deps.db.transaction((tx) => issueOneTimeToken(tx, user.id, link.purpose));
    await deps.mailer.send(link.mail(deps.config.publicUrl, user, token));
  }
}
