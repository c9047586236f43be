import type { WhatsAppStatus } from '../../contract';
import { request } from './client';

/**
 * The two connection checks every page may make (the landing page and the app shell), apart from
 * the rest of the WhatsApp API so that the landing page's script stays small.
 */
export const connectionApi = {
  /** `connected` for the caller when a token is sent, else false (SPEC.md §7). */
  health: (token: string | null) => request<{ connected: boolean }>('/health', { token }),
  /** GET /whatsapp/status: the signed-in owner's connection, and whether it is the sandbox. */
  whatsappStatus: (token: string) => request<WhatsAppStatus>('/whatsapp/status', { token, reading: 'messaging' }),
};
