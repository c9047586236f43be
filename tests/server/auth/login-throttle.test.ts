import { TooManyRequests } from '../../../server/errors';
import { LoginThrottle } from '../../../server/services/auth/login-throttle';

describe('LoginThrottle', () => {
  const backoff = { freeFailures: 2, baseDelaySeconds: 1, maxDelaySeconds: 8, forgetAfterSeconds: 600 };
  let now: number;
  let throttle: LoginThrottle;
  beforeEach(() => {
    now = 1_000_000;
    throttle = new LoginThrottle(backoff, () => now);
  });

  function failTimes(times: number, client = 'attacker') {
    for (let failure = 0; failure < times; failure += 1) throttle.recordFailure('user:1', client);
  }

  it('lets an account fail its free attempts without delay', () => {
    failTimes(1);
    expect(throttle.waitMs('user:1', 'attacker')).toBe(0);
    failTimes(1);
    expect(throttle.waitMs('user:1', 'attacker')).toBe(1000);
  });

  it('doubles the delay with each further failure, up to the maximum', () => {
    const waits = [];
    for (let failure = 0; failure < 7; failure += 1) {
      failTimes(1);
      waits.push(throttle.waitMs('user:1', 'attacker'));
    }
    expect(waits).toEqual([0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('counts the wait from the last failure and refuses with the seconds left', () => {
    failTimes(4);
    now += 1500;
    expect(throttle.waitMs('user:1', 'attacker')).toBe(2500);
    let refusal: unknown;
    try {
      throttle.check('user:1', 'attacker');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(TooManyRequests);
    expect((refusal as TooManyRequests).retryAfterSeconds).toBe(3);
    now += 2500;
    expect(() => throttle.check('user:1', 'attacker')).not.toThrow();
  });

  it('never slows down a client that has not failed against the account', () => {
    failTimes(6);
    expect(throttle.waitMs('user:1', 'owner')).toBe(0);
    expect(() => throttle.check('user:1', 'owner')).not.toThrow();
    expect(throttle.waitMs('user:2', 'attacker')).toBe(0);
  });

  it('forgets a client once it signs in, and an account once it has been quiet', () => {
    failTimes(3, 'owner');
    failTimes(3, 'attacker');
    throttle.recordSuccess('user:1', 'owner');
    expect(throttle.waitMs('user:1', 'owner')).toBe(0);
    expect(throttle.waitMs('user:1', 'attacker')).toBeGreaterThan(0);
    now += 600_000;
    throttle.sweep();
    expect(throttle.waitMs('user:1', 'attacker')).toBe(0);
    failTimes(1);
    expect(throttle.waitMs('user:1', 'attacker')).toBe(0);
  });
});
