import type { PayloadAction } from '@reduxjs/toolkit';
import { delay, put, takeEvery } from 'typed-redux-saga';
import { toastDismissed, toastShown, type Toast } from './slice';

export const TOAST_DURATION_MS = 5000;

/** Each toast closes itself after TOAST_DURATION_MS (dismissing an already closed one is harmless). */
export function* expireToast(action: PayloadAction<Toast>) {
  yield* delay(TOAST_DURATION_MS);
  yield* put(toastDismissed(action.payload.id));
}

export function* watchToasts() {
  yield* takeEvery(toastShown, expireToast);
}
