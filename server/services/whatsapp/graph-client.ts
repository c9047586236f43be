import { callSignal, ShuttingDown } from '../../shutdown';
import { graphErrorFrom, GraphUnavailable } from './graph-errors';

/**
 * A thin typed client for the Graph calls Threadline makes (WHATSAPP.md §2, §4), over `fetch`,
 * with a timeout on every call. Failures are the typed errors of graph-errors.ts; a call cut short
 * by `close()` (the app is shutting down) rejects with ShuttingDown instead, as it is no failure of Graph's.
 */

export interface GraphClientOptions {
  /** e.g. https://graph.facebook.com; a function, because the sandbox knows its port only once listening. */
  baseUrl: () => string;
  version: string;
  timeoutMs: number;
  appId: string;
  appSecret: string;
  /** Tests pass a recording fetch; everything else uses the global one. */
  fetch?: typeof fetch;
}

export interface CodeExchangeResult {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

export interface SubscribedAppData {
  id: string;
  name: string;
  link?: string;
}

/** The shape of Meta's examples (the schema's `{id, name}` items disagree with them). */
export interface SubscribedAppsResult {
  data: { whatsapp_business_api_data: SubscribedAppData; override_callback_uri?: string }[];
}

export interface SuccessResult {
  success: boolean;
}

export interface PhoneNumberInfo {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
  code_verification_status?: string;
  name_status?: string;
  status?: string;
  platform_type?: string;
  account_mode?: string;
}

export interface BusinessAccountInfo {
  id: string;
  name?: string;
  currency?: string;
  timezone_id?: string;
  message_template_namespace?: string;
  owner_business_info?: { id: string; name: string };
  account_review_status?: string;
}

export interface SendMessageResult {
  messaging_product: 'whatsapp';
  contacts: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
}

export interface TextMessage {
  /** The customer's number, digits with or without '+'. */
  to: string;
  body: string;
  /** The wamid being answered: WhatsApp shows the reply quoting it. */
  replyTo?: string;
}

export const DEFAULT_BUSINESS_ACCOUNT_FIELDS = ['name', 'currency', 'owner_business_info'];

type Method = 'GET' | 'POST' | 'DELETE';

interface Call {
  token?: string;
  query?: Record<string, string>;
  body?: unknown;
}

export class GraphClient {
  private readonly fetch: typeof fetch;
  private readonly closed = new AbortController();

  constructor(private readonly options: GraphClientOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  /** Aborts the calls in flight and makes every later one fail at once (app.ts calls it as the app closes). */
  close(): void {
    this.closed.abort(new ShuttingDown());
  }

  /** Embedded Signup's 30-second code → the business token (server to server, no bearer). */
  exchangeCode(code: string): Promise<CodeExchangeResult> {
    const { appId, appSecret } = this.options;
    return this.call('GET', ['oauth', 'access_token'], {
      query: { client_id: appId, client_secret: appSecret, code },
    });
  }

  subscribedApps(token: string, wabaId: string): Promise<SubscribedAppsResult> {
    return this.call('GET', [wabaId, 'subscribed_apps'], { token });
  }

  /** Our app starts receiving the WABA's webhooks. */
  subscribeApp(token: string, wabaId: string): Promise<SuccessResult> {
    return this.call('POST', [wabaId, 'subscribed_apps'], { token });
  }

  unsubscribeApp(token: string, wabaId: string): Promise<SuccessResult> {
    return this.call('DELETE', [wabaId, 'subscribed_apps'], { token });
  }

  /** Registers the number for the Cloud API; `pin` (6 digits) becomes its two-step verification PIN. */
  registerPhoneNumber(token: string, phoneNumberId: string, pin: string): Promise<SuccessResult> {
    return this.call('POST', [phoneNumberId, 'register'], { token, body: { messaging_product: 'whatsapp', pin } });
  }

  getPhoneNumber(token: string, phoneNumberId: string, fields?: string[]): Promise<PhoneNumberInfo> {
    return this.call('GET', [phoneNumberId], { token, query: fields ? { fields: fields.join(',') } : undefined });
  }

  getBusinessAccount(
    token: string,
    wabaId: string,
    fields = DEFAULT_BUSINESS_ACCOUNT_FIELDS,
  ): Promise<BusinessAccountInfo> {
    return this.call('GET', [wabaId], { token, query: { fields: fields.join(',') } });
  }

  sendText(token: string, phoneNumberId: string, message: TextMessage): Promise<SendMessageResult> {
    return this.call('POST', [phoneNumberId, 'messages'], {
      token,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to,
        type: 'text',
        text: { body: message.body, preview_url: false },
        ...(message.replyTo ? { context: { message_id: message.replyTo } } : {}),
      },
    });
  }

  /** Blue ticks on an inbound message (and the ones before it). */
  markRead(token: string, phoneNumberId: string, messageId: string): Promise<SuccessResult> {
    return this.call('POST', [phoneNumberId, 'messages'], {
      token,
      body: { messaging_product: 'whatsapp', status: 'read', message_id: messageId },
    });
  }

  /** Marks read and shows "typing…" until our reply or 25 s; only when a reply will follow. */
  markReadAndType(token: string, phoneNumberId: string, messageId: string): Promise<SuccessResult> {
    return this.call('POST', [phoneNumberId, 'messages'], {
      token,
      body: {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: messageId,
        typing_indicator: { type: 'text' },
      },
    });
  }

  private async call<T>(method: Method, segments: string[], { token, query, body }: Call): Promise<T> {
    const path = [this.options.version, ...segments].map(encodeURIComponent).join('/');
    const url = new URL(`${this.options.baseUrl()}/${path}`);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';

    const { timeoutMs } = this.options;
    this.closed.signal.throwIfAborted();
    const call = callSignal(this.closed.signal, timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: call.signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      this.closed.signal.throwIfAborted();
      if ((error as Error).name === 'TimeoutError') {
        throw new GraphUnavailable(`Graph did not answer within ${timeoutMs} ms`, 'timeout', { cause: error });
      }
      throw new GraphUnavailable('Graph could not be reached', 'network', { cause: error });
    } finally {
      call.release();
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new GraphUnavailable(`Graph answered ${status} with a body that is not JSON`, 'invalid_response');
    }
    const error = graphErrorFrom(parsed, status);
    if (error) throw error;
    if (status < 200 || status >= 300 || typeof parsed !== 'object' || parsed === null) {
      throw new GraphUnavailable(`Graph answered ${status} without a result or an error object`, 'invalid_response');
    }
    return parsed as T;
  }
}
