import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BusinessProfile, MessagingConfig, SubscriptionInfo } from '../../../contract';
import { loggedOut } from '../auth/slice';

/** The /whatsapp page: what is connected, and whether it still works. */
export type WhatsAppPageStatus = 'idle' | 'loading' | 'connected' | 'not_connected' | 'failed';
export type PartStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type DisconnectStatus = 'closed' | 'open' | 'disconnecting' | 'failed';

/** SPEC.md §4 (Messaging status display): the status the page shows. */
export type DisplayedStatus = MessagingConfig['status'];

export interface BusinessProfileState {
  status: PartStatus;
  data: BusinessProfile | null;
  error: string | null;
  /** The failure says the connection itself is broken: the page asks for a reconnect. */
  needsReconnection: boolean;
}

export interface WhatsAppPageState {
  status: WhatsAppPageStatus;
  /** A (re)load of the config is under way; an answer that arrives while none is, is ignored. */
  loading: boolean;
  /** The refresh button's own load. */
  refreshing: boolean;
  config: MessagingConfig | null;
  error: string | null;
  profile: BusinessProfileState;
  subscription: { status: PartStatus; data: SubscriptionInfo | null };
  disconnect: { status: DisconnectStatus; error: string | null };
}

const initialProfile: BusinessProfileState = { status: 'idle', data: null, error: null, needsReconnection: false };

export const initialWhatsAppPageState: WhatsAppPageState = {
  status: 'idle',
  loading: false,
  refreshing: false,
  config: null,
  error: null,
  profile: initialProfile,
  subscription: { status: 'idle', data: null },
  disconnect: { status: 'closed', error: null },
};

/** SPEC.md §4: a profile failure that names one of these means the owner has to connect again. */
const RECONNECTION_SIGNS = ['not found', 'expired', 'invalid', 'insufficient permissions'];

const profileErrorNeedsReconnection = (message: string) =>
  RECONNECTION_SIGNS.some((sign) => message.toLowerCase().includes(sign));

const whatsappSlice = createSlice({
  name: 'whatsapp',
  initialState: initialWhatsAppPageState,
  reducers: {
    whatsappPageOpened() {},
    whatsappPageClosed: () => initialWhatsAppPageState,
    whatsappDataLoadStarted(state) {
      state.loading = true;
      // What is on screen stays there while it is loaded again.
      if (state.status !== 'connected' && state.status !== 'not_connected') state.status = 'loading';
    },
    whatsappConfigLoaded(state, action: PayloadAction<MessagingConfig>) {
      if (!state.loading) return;
      state.loading = false;
      state.status = 'connected';
      state.config = action.payload;
      state.error = null;
      state.profile.status = 'loading';
      state.subscription.status = 'loading';
    },
    whatsappNotConnectedFound(state) {
      if (!state.loading) return;
      return { ...initialWhatsAppPageState, status: 'not_connected', refreshing: state.refreshing };
    },
    whatsappConfigLoadFailed(state, action: PayloadAction<{ message: string }>) {
      if (!state.loading) return;
      state.loading = false;
      state.error = action.payload.message;
      // A failed refresh keeps the details already shown; only a first load fails the page.
      if (state.status === 'loading') state.status = 'failed';
    },
    businessProfileLoaded(state, action: PayloadAction<BusinessProfile>) {
      if (state.profile.status !== 'loading') return;
      state.profile = { ...initialProfile, status: 'loaded', data: action.payload };
    },
    businessProfileLoadFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.profile.status !== 'loading') return;
      const { message } = action.payload;
      state.profile = {
        status: 'failed',
        data: null,
        error: message,
        needsReconnection: profileErrorNeedsReconnection(message),
      };
    },
    subscriptionCheckClicked(state) {
      if (state.status === 'connected' && state.subscription.status !== 'loading') {
        state.subscription.status = 'loading';
      }
    },
    subscriptionInfoLoaded(state, action: PayloadAction<SubscriptionInfo>) {
      if (state.subscription.status === 'loading') state.subscription = { status: 'loaded', data: action.payload };
    },
    /** SPEC.md §8: only logged; the card keeps what it knew. */
    subscriptionInfoLoadFailed(state) {
      if (state.subscription.status === 'loading') state.subscription.status = 'failed';
    },
    whatsappRefreshClicked(state) {
      state.refreshing = true;
    },
    whatsappRefreshFinished(state) {
      state.refreshing = false;
    },
    disconnectDialogOpened(state) {
      if (state.disconnect.status === 'closed') state.disconnect = { status: 'open', error: null };
    },
    disconnectDialogClosed(state) {
      if (state.disconnect.status !== 'disconnecting') state.disconnect = { status: 'closed', error: null };
    },
    disconnectConfirmed(state) {
      if (state.disconnect.status === 'open' || state.disconnect.status === 'failed') {
        state.disconnect = { status: 'disconnecting', error: null };
      }
    },
    /** SPEC.md §4: a disconnect clears what the page knew. */
    whatsappDisconnected(state) {
      if (state.disconnect.status === 'disconnecting') return initialWhatsAppPageState;
    },
    disconnectFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.disconnect.status === 'disconnecting') {
        state.disconnect = { status: 'failed', error: action.payload.message };
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialWhatsAppPageState);
  },
  selectors: {
    selectWhatsAppPage: (state) => state,
    selectDisconnect: (state) => state.disconnect,
  },
});

export const {
  whatsappPageOpened,
  whatsappPageClosed,
  whatsappDataLoadStarted,
  whatsappConfigLoaded,
  whatsappNotConnectedFound,
  whatsappConfigLoadFailed,
  businessProfileLoaded,
  businessProfileLoadFailed,
  subscriptionCheckClicked,
  subscriptionInfoLoaded,
  subscriptionInfoLoadFailed,
  whatsappRefreshClicked,
  whatsappRefreshFinished,
  disconnectDialogOpened,
  disconnectDialogClosed,
  disconnectConfirmed,
  whatsappDisconnected,
  disconnectFailed,
} = whatsappSlice.actions;
export const { selectWhatsAppPage, selectDisconnect } = whatsappSlice.selectors;

/** The config's own status, unless the profile showed that the connection no longer works. */
export const selectDisplayedStatus = createSelector(
  [selectWhatsAppPage],
  ({ config, profile }): DisplayedStatus | null =>
    config && (profile.needsReconnection ? 'needs_reconnection' : config.status),
);

export default whatsappSlice;
