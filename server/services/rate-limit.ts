import net from 'node:net';
import type { RateLimit } from '../config';
import { TooManyRequests } from '../errors';

interface Window {
  count: number;
  resetsAt: number;
}

/** '1 second', '45 seconds', '1 minute', '10 minutes' (whole minutes, rounded up, from a minute on). */
export function durationText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function tooManyAttempts(retryAfterSeconds: number): TooManyRequests {
  return new TooManyRequests(
    `Too many attempts. Please try again in ${durationText(retryAfterSeconds)}.`,
    retryAfterSeconds,
  );
}

/** The 16-bit groups of an IPv6 address, '::' expanded (an IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) =>
      group.includes('.')
        ? group.split('.').reduce<number[]>((pair, octet, index) => {
            pair[index >> 1] = ((pair[index >> 1] ?? 0) << 8) | Number(octet);
            return pair;
          }, [])
        : [parseInt(group, 16)],
    );
  const start = parse(head);
  const end = parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * What a client's address counts as: an IPv4 address itself (also when written IPv4-mapped), an
 * IPv6 address by its /64, the network one subscriber gets and can pick addresses from at will.
 * Anything that is not an address (an account, an email) is its own key.
 */
export function addressKey(key: string): string {
  if (net.isIPv4(key)) return key;
  if (!net.isIPv6(key)) return key;
  const groups = ipv6Groups(key.split('%')[0]);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * Fixed-window counters in memory, keyed by a rule name and a key (an address, an account, an
 * email). Each API node counts on its own, so with N nodes a client may get up to N times the
 * limit; that is enough to stop guessing and mail flooding, which is what the limits are for.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Counts one attempt; throws 429 when the limit was already reached in this window (`refusal`
   * words it, from the seconds until the window ends).
   */
  consume(
    rule: string,
    key: string,
    limit: RateLimit,
    refusal: (retryAfterSeconds: number) => TooManyRequests = tooManyAttempts,
  ): void {
    this.check(rule, key, limit, refusal);
    this.record(rule, key, limit);
  }

  /** Throws 429 when the limit is reached, without counting (e.g. before checking a password). */
  check(
    rule: string,
    key: string,
    limit: RateLimit,
    refusal: (retryAfterSeconds: number) => TooManyRequests = tooManyAttempts,
  ): void {
    const window = this.current(rule, key);
    if (window && window.count >= limit.max) {
      throw refusal(Math.max(1, Math.ceil((window.resetsAt - this.now()) / 1000)));
    }
  }

  /** Counts one attempt without throwing (e.g. a failed sign-in). */
  record(rule: string, key: string, limit: RateLimit): void {
    const id = `${rule}\u0000${addressKey(key)}`;
    const window = this.current(rule, key);
    if (window) window.count += 1;
    else this.windows.set(id, { count: 1, resetsAt: this.now() + limit.windowSeconds * 1000 });
  }

  /** Forgets the windows that have ended, so that the map does not grow with every address seen. */
  sweep(): void {
    const now = this.now();
    for (const [id, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(id);
  }

  private current(rule: string, key: string): Window | undefined {
    const window = this.windows.get(`${rule}\u0000${addressKey(key)}`);
    return window && window.resetsAt > this.now() ? window : undefined;
  }
}
