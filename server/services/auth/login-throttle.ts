import type { LoginBackoff } from '../../config';
import { addressKey, tooManyAttempts } from '../rate-limit';

interface AccountFailures {
  /** Failed sign-ins since the account's last quiet period. */
  count: number;
  lastFailureAt: number;
  /** The client addresses those failures came from: only they are slowed down. */
  clients: Set<string>;
}

/**
 * Slows down password guessing per account without locking the owner out (OWASP's "progressive
 * delay"): after `freeFailures` failed sign-ins, each further attempt from a client that has been
 * failing must wait twice as long as the one before (up to `maxDelaySeconds`). A client that has not
 * failed against the account is never slowed down, so a stranger's guesses cannot keep the owner out.
 * The account is the one the typed name resolves to, so its email and username count together.
 * Kept in memory per API node, like the other limits.
 */
export class LoginThrottle {
  private readonly accounts = new Map<string, AccountFailures>();

  constructor(
    private readonly backoff: LoginBackoff,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long `client` must still wait before trying `account` again, in ms (0: now). */
  waitMs(account: string, client: string): number {
    const failures = this.current(account);
    if (!failures || !failures.clients.has(addressKey(client))) return 0;
    return Math.max(0, failures.lastFailureAt + this.delayMs(failures.count) - this.now());
  }

  /** Throws 429 (with Retry-After) while `client` must wait before trying `account` again. */
  check(account: string, client: string): void {
    const waitMs = this.waitMs(account, client);
    if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000));
  }

  recordFailure(account: string, client: string): void {
    const failures = this.current(account) ?? { count: 0, lastFailureAt: 0, clients: new Set<string>() };
    failures.count += 1;
    failures.lastFailureAt = this.now();
    failures.clients.add(addressKey(client));
    this.accounts.set(account, failures);
  }

  /** The right password from `client`: it is no longer one of the failing clients. */
  recordSuccess(account: string, client: string): void {
    const failures = this.current(account);
    failures?.clients.delete(addressKey(client));
    if (failures?.clients.size === 0) this.accounts.delete(account);
  }

  /** Forgets accounts that have been quiet long enough, so that the map does not grow for ever. */
  sweep(): void {
    for (const account of this.accounts.keys()) this.current(account);
  }

  private delayMs(count: number): number {
    const { freeFailures, baseDelaySeconds, maxDelaySeconds } = this.backoff;
    if (count < freeFailures) return 0;
    return Math.min(baseDelaySeconds * 2 ** (count - freeFailures), maxDelaySeconds) * 1000;
  }

  private current(account: string): AccountFailures | undefined {
    const failures = this.accounts.get(account);
    if (failures && this.now() - failures.lastFailureAt >= this.backoff.forgetAfterSeconds * 1000) {
      this.accounts.delete(account);
      return undefined;
    }
    return failures;
  }
}
