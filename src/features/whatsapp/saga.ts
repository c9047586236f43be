import { all, call, put, takeLatest, takeLeading } from 'typed-redux-saga';
import type { DisconnectResponse, MessagingConfig } from '../../../contract';
import { ApiError } from '../../api/client';
import { whatsappApi } from '../../api/whatsapp';
import { connectionRefreshRequested } from '../connection/slice';
import { toastShown } from '../toasts/slice';
import {
  businessProfileLoaded,
  businessProfileLoadFailed,
  disconnectConfirmed,
  disconnectFailed,
  subscriptionCheckClicked,
  subscriptionInfoLoaded,
  subscriptionInfoLoadFailed,
  whatsappConfigLoaded,
  whatsappConfigLoadFailed,
  whatsappDataLoadStarted,
  whatsappDisconnected,
  whatsappNotConnectedFound,
  whatsappPageOpened,
  whatsappRefreshClicked,
  whatsappRefreshFinished,
} from './slice';
import { refreshConnection } from '../connection/saga';
import { navigateTo } from '../../store/navigation';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';

/** SPEC.md §8 (Messaging connection page) and its success toasts. */
export const WHATSAPP_PAGE_MESSAGES = {
  fetchFailed: 'Failed to fetch WhatsApp data.',
  configLoadFailed: 'Failed to load WhatsApp configuration.',
  refreshed: 'Data refreshed successfully!',
  refreshFailed: 'Failed to refresh data.',
  disconnected: 'WhatsApp Disconnected',
} as const;

export const disconnectFailedText = (reason: string) => `Failed to disconnect: ${reason}`;

/** The signed-in owner's token; the WhatsApp calls all need it. */
export function* loadBusinessProfile(token: string) {
  try {
    const profile = yield* call(whatsappApi.profile, token);
    yield* put(businessProfileLoaded(profile));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    yield* put(businessProfileLoadFailed({ message }));
  }
}

export function* loadSubscriptionInfo(token: string) {
  try {
    const info = yield* call(whatsappApi.subscriptionInfo, token);
    yield* put(subscriptionInfoLoaded(info));
  } catch (error) {
    console.error('The webhook subscription could not be fetched', error);
    yield* put(subscriptionInfoLoadFailed());
  }
}

/**
 * Loads the config, then the profile and the subscription beside each other. A 404 for the config
 * means not connected, which is no failure. Answers whether the load worked.
 */
export function* loadWhatsAppData() {
  yield* put(whatsappDataLoadStarted());
  let token: string;
  let config: MessagingConfig;
  try {
    token = yield* call(requireAccessToken);
    config = yield* call(whatsappApi.config, token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      yield* put(whatsappNotConnectedFound());
      return true;
    }
    console.error('The WhatsApp configuration could not be loaded', error);
    yield* put(whatsappConfigLoadFailed({ message: WHATSAPP_PAGE_MESSAGES.configLoadFailed }));
    return false;
  }
  yield* put(whatsappConfigLoaded(config));
  yield* all([call(loadBusinessProfile, token), call(loadSubscriptionInfo, token)]);
  return true;
}

export function* openWhatsAppPage() {
  const loaded = yield* call(loadWhatsAppData);
  if (!loaded) yield* put(toastShown({ title: WHATSAPP_PAGE_MESSAGES.fetchFailed, variant: 'destructive' }));
}

export function* refreshWhatsAppPage() {
  const loaded = yield* call(loadWhatsAppData);
  yield* put(whatsappRefreshFinished());
  yield* put(
    loaded
      ? toastShown({ title: WHATSAPP_PAGE_MESSAGES.refreshed, variant: 'success' })
      : toastShown({ title: WHATSAPP_PAGE_MESSAGES.refreshFailed, variant: 'destructive' }),
  );
}

/** 'Check Status' on the webhook card. */
export function* checkSubscription() {
  const token = yield* call(requireAccessToken);
  yield* call(loadSubscriptionInfo, token);
}

/** SPEC.md §4: a disconnect clears local data, refreshes the status and goes to the dashboard. */
export function* disconnectWhatsApp() {
  let response: DisconnectResponse;
  try {
    const token = yield* call(requireAccessToken);
    response = yield* call(whatsappApi.disconnect, token);
    if (!response.success) throw new Error(response.message);
  } catch (error) {
    const message = disconnectFailedText(error instanceof Error ? error.message : String(error));
    yield* put(disconnectFailed({ message }));
    yield* put(toastShown({ title: message, variant: 'destructive' }));
    return;
  }
  yield* put(whatsappDisconnected());
  yield* call(refreshConnection, connectionRefreshRequested({ force: true }));
  yield* put(
    toastShown({ title: WHATSAPP_PAGE_MESSAGES.disconnected, description: response.message, variant: 'success' }),
  );
  yield* call(navigateTo, '/dashboard');
}

/** Effects of the /whatsapp page (src/features/whatsapp/slice.ts). */
export function* watchWhatsApp() {
  yield* takeLatest(whatsappPageOpened, safely(openWhatsAppPage));
  yield* takeLeading(whatsappRefreshClicked, safely(refreshWhatsAppPage));
  yield* takeLeading(subscriptionCheckClicked, safely(checkSubscription));
  yield* takeLeading(disconnectConfirmed, safely(disconnectWhatsApp));
}
