import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { InboxSettings } from '../../../contract';
import { loggedOut } from '../auth/slice';
import { whatsappPageClosed } from './slice';

/** The card's texts and its toast. */
export const INBOX_SETTINGS_TEXTS = {
  title: 'Read receipts',
  label: 'Mark messages read when I open a conversation',
  help:
    'The customer sees blue ticks once you have opened their conversation. Off, they see them only when the AI ' +
    'answers (WhatsApp needs a message read before it shows the AI typing).',
  loadFailed: 'Could not load this setting.',
  saveFailed: 'Setting not saved',
} as const;

/**
 * How the inbox behaves towards customers, set on /whatsapp (issue 28 item 4): read receipts, on by
 * default. A change shows at once and is saved; a refused save puts back what the server holds.
 */
export type SettingsStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface InboxSettingsState {
  status: SettingsStatus;
  /** What the server holds; null until loaded. */
  saved: InboxSettings | null;
  /** What the switch shows: the saved settings, or the change being saved. */
  shown: InboxSettings | null;
  saving: boolean;
}

export const initialInboxSettingsState: InboxSettingsState = {
  status: 'idle',
  saved: null,
  shown: null,
  saving: false,
};

const inboxSettingsSlice = createSlice({
  name: 'inboxSettings',
  initialState: initialInboxSettingsState,
  reducers: {
    inboxSettingsLoadStarted(state) {
      if (state.status !== 'loaded') state.status = 'loading';
    },
    inboxSettingsLoaded(state, action: PayloadAction<InboxSettings>) {
      // A load that lands while a change is being saved would undo it on screen.
      if (state.saving) return;
      state.status = 'loaded';
      state.saved = action.payload;
      state.shown = action.payload;
    },
    inboxSettingsLoadFailed(state) {
      if (state.status === 'loading') state.status = 'failed';
    },
    readReceiptsToggled(state, action: PayloadAction<boolean>) {
      if (state.status !== 'loaded' || state.saving || !state.shown) return;
      if (state.shown.read_receipts === action.payload) return;
      state.shown = { ...state.shown, read_receipts: action.payload };
      state.saving = true;
    },
    inboxSettingsSaved(state, action: PayloadAction<InboxSettings>) {
      if (!state.saving) return;
      state.saving = false;
      state.saved = action.payload;
      state.shown = action.payload;
    },
    inboxSettingsSaveFailed(state) {
      if (!state.saving) return;
      state.saving = false;
      state.shown = state.saved;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialInboxSettingsState);
    builder.addCase(whatsappPageClosed, () => initialInboxSettingsState);
  },
  selectors: {
    selectInboxSettings: (state) => state,
  },
});

export const {
  inboxSettingsLoadStarted,
  inboxSettingsLoaded,
  inboxSettingsLoadFailed,
  readReceiptsToggled,
  inboxSettingsSaved,
  inboxSettingsSaveFailed,
} = inboxSettingsSlice.actions;
export const { selectInboxSettings } = inboxSettingsSlice.selectors;

export default inboxSettingsSlice;
