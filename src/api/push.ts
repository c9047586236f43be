import type { PushKeyResponse, PushSubscriptionBody } from '../../contract';
import { request } from './client';

/** Web Push: the server's key, this device's subscription, and this tab's focus. */
export const pushApi = {
  key: (token: string) => request<PushKeyResponse>('/push/key', { token, reading: 'messaging' }),
  subscribe: (token: string, subscription: PushSubscriptionBody) =>
    request<{ endpoint: string }>('/push/subscriptions', { token, json: subscription, reading: 'messaging' }),
  unsubscribe: (token: string, endpoint: string) =>
    request<void>('/push/subscriptions', { token, method: 'DELETE', json: { endpoint }, reading: 'messaging' }),
  presence: (token: string, focused: boolean) =>
    request<void>('/push/presence', { token, method: 'PUT', json: { focused }, reading: 'messaging', keepalive: true }),
};
