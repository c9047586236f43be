import { call, type CallEffect } from 'redux-saga/effects';

/**
 * Wraps a worker so that a failure is logged instead of killing the watcher that runs it
 * (STYLE.md 6): `takeLatest(usernameEdited, safely(checkUsername))`.
 */
export function safely<Args extends unknown[]>(worker: (...args: Args) => Generator<unknown, unknown, unknown>) {
  return function* safeWorker(...args: Args): Generator<CallEffect, void, unknown> {
    try {
      yield call(worker, ...args);
    } catch (error) {
      console.error(`${worker.name || 'saga'} failed`, error);
    }
  };
}
