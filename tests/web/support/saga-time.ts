import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, type StaticProvider } from 'redux-saga-test-plan/providers';
import { call, delay, race, take } from 'redux-saga/effects';

/**
 * redux-saga's `delay(ms)` is `call(delayP, ms)`, so a provider has to match that inner function:
 * `matchers.call.fn(delay)` never matches.
 */
export const DELAY_FN = delay(0).payload.fn;

/** Provider that lets every `delay` pass at once. */
export const noDelays: StaticProvider = [matchers.call.fn(DELAY_FN), null];

/** Lets the saga run up to its next wait. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Time under the test's control: each `delay` waits until the test lets it pass, and records how long
 * it was meant to last.
 */
export function controlledTime() {
  const waiting: { ms: number; pass: () => void }[] = [];
  const provider: StaticProvider = [
    matchers.call.fn(DELAY_FN),
    dynamic(
      ({ args: [ms] }: { args: [number] }) => new Promise((pass) => waiting.push({ ms, pass: () => pass(true) })),
    ),
  ];
  return {
    provider,
    waiting,
    /** Lets the oldest pending delay pass. */
    async pass() {
      waiting.shift()?.pass();
      await settle();
    },
  };
}

export const STOP = { type: 'test/stopped' };

/** Runs a saga that never ends by itself until the test dispatches STOP. */
export function* untilStopped(saga: () => Generator) {
  yield race({ run: call(saga), stopped: take(STOP.type) });
}
