import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { delay } from 'redux-saga/effects';

/**
 * redux-saga's `delay(ms)` is `call(delayP, ms)`, so a provider has to match that inner function:
 * `matchers.call.fn(delay)` never matches.
 */
export const DELAY_FN = delay(0).payload.fn;

/** Provider that lets every `delay` pass at once. */
export const noDelays: StaticProvider = [matchers.call.fn(DELAY_FN), null];
