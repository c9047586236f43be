import { call } from 'typed-redux-saga';
import type { CallEffect } from 'redux-saga/effects';

/**
 * Wraps a worker so that a failure is logged instead of killing the watcher that runs it
 * (STYLE.md 6): `takeLatest(usernameEdited, safely(checkUsername))`.
 */
export function safely<Args extends unknown[]>(worker: (...args: Args) => Generator<unknown, unknown, unknown>) {
  return function* safeWorker(...args: Args): Generator<CallEffect, void, unknown> {
    try {
      yield* call(worker, ...args);
    } catch (error) {
      console.error(`${worker.name || 'saga'} failed`, error);
    }
  };
}

/**
 * What a saga run by `call()` returns when it races: redux-saga's SagaIterator<T> cannot hold the
 * race of typed-redux-saga's effects, and `call()` gives back `T` only for an iterator of any yield.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what redux-saga's SagaReturnType looks for
export type Subsaga<T> = Generator<any, T, any>;
