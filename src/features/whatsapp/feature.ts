import { all, spawn } from 'typed-redux-saga';
import type { Feature } from '../../store/feature';
import { watchWhatsApp } from './saga';
import { watchInboxSettings } from './settingsSaga';
import inboxSettingsSlice from './settingsSlice';
import whatsappSlice from './slice';

function* whatsappSaga() {
  yield* all([spawn(watchWhatsApp), spawn(watchInboxSettings)]);
}

/** The /whatsapp page: the connected number, its webhook subscription, disconnecting it, and read receipts. */
export default { name: 'whatsapp', slices: [whatsappSlice, inboxSettingsSlice], saga: whatsappSaga } satisfies Feature;
