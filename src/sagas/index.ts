import { all, call, spawn } from 'redux-saga/effects';
import { watchAccount } from './account';
import { watchAuth } from './auth';
import { watchAvailability } from './availability';
import { watchConnection } from './connection';
import { watchInbox } from './inbox';
import { restoreSession } from './session';
import { watchSignup } from './signup';
import { watchTheme } from './theme';
import { watchToasts } from './toasts';
import { watchWhatsApp } from './whatsapp';

/** Spawns every feature saga; one crashing cannot take the others down. */
export default function* rootSaga() {
  yield all([
    spawn(watchTheme),
    spawn(watchToasts),
    spawn(watchAccount),
    spawn(watchAuth),
    spawn(watchAvailability),
    spawn(watchConnection),
    spawn(watchSignup),
    spawn(watchWhatsApp),
    spawn(watchInbox),
    call(restoreSession),
  ]);
}
