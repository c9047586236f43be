import type {
  BusinessProfile,
  DisconnectResponse,
  EmbeddedSignupConfig,
  ExchangeTokenBody,
  ExchangeTokenResponse,
  MessagingConfig,
  SaveConnectionBody,
  SubscriptionInfo,
} from '../../contract';
import { ApiError, request } from './client';

/** SPEC.md §8 (Business profile). */
export const BUSINESS_PROFILE_ERRORS = {
  notFound: 'WhatsApp Business Account not found. Your phone numbers may have been removed.',
  tokenExpired: 'WhatsApp access token expired. Please reconnect your account.',
  connectionIssuePrefix: 'Connection issue: ',
  fallback: 'Failed to fetch business profile',
  network: 'Network error while fetching business profile',
} as const;

/** The details of a 500 that mean the stored connection itself is broken (SPEC.md §8). */
const CONNECTION_ISSUE_DETAILS = ['invalid or expired', 'not found', 'insufficient permissions'];

interface MessagingRequestOptions {
  method?: string;
  token: string;
  json?: unknown;
}

/** One messaging call: errors read as SPEC.md §8 reads messaging calls (`detail`). */
function messagingRequest<T>(path: string, options: MessagingRequestOptions): Promise<T> {
  return request<T>(path, { ...options, reading: 'messaging' });
}

/** SPEC.md §8 (Business profile): what the owner reads when the profile cannot be fetched. */
function businessProfileErrorText(status: number, detail: string | undefined): string {
  if (status === 404) return BUSINESS_PROFILE_ERRORS.notFound;
  if (status === 401) return BUSINESS_PROFILE_ERRORS.tokenExpired;
  const lowered = detail?.toLowerCase() ?? '';
  if (status === 500 && CONNECTION_ISSUE_DETAILS.some((issue) => lowered.includes(issue))) {
    return BUSINESS_PROFILE_ERRORS.connectionIssuePrefix + detail;
  }
  return detail ?? BUSINESS_PROFILE_ERRORS.fallback;
}

async function fetchBusinessProfile(token: string): Promise<BusinessProfile> {
  try {
    return await messagingRequest<BusinessProfile>('/whatsapp/profile', { token });
  } catch (error) {
    if (!(error instanceof ApiError)) throw new ApiError(BUSINESS_PROFILE_ERRORS.network, 0);
    throw new ApiError(businessProfileErrorText(error.status, error.detail), error.status, error.code);
  }
}

/** One function per WhatsApp endpoint (SPEC.md §7); every one needs the owner's token. */
export const whatsappApi = {
  signupConfig: (token: string) => messagingRequest<EmbeddedSignupConfig>('/whatsapp/embedded-signup', { token }),
  exchangeToken: (token: string, body: ExchangeTokenBody) =>
    messagingRequest<ExchangeTokenResponse>('/whatsapp/exchange-token', { method: 'POST', token, json: body }),
  saveConnection: (token: string, body: SaveConnectionBody) =>
    messagingRequest<unknown>('/whatsapp/embedded-signup', { method: 'POST', token, json: body }),
  /** 404 means no number is connected. */
  config: (token: string) => messagingRequest<MessagingConfig>('/whatsapp/config', { token }),
  profile: fetchBusinessProfile,
  subscriptionInfo: (token: string) => messagingRequest<SubscriptionInfo>('/whatsapp/subscription-info', { token }),
  disconnect: (token: string) =>
    messagingRequest<DisconnectResponse>('/whatsapp/disconnect', { method: 'DELETE', token }),
};
