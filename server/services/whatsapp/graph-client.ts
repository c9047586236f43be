import { callSignal, ShuttingDown } from '../../shutdown';
import { graphErrorFrom, GraphUnavailable } from './graph-errors';
import { addressee } from './customer-id';
import type {
  GraphClientOptions,
  CodeExchangeResult,
  SubscribedAppsResult,
  SuccessResult,
  PhoneNumberInfo,
  BusinessAccountInfo,
  SendMessageResult,
  TextMessage,
  ReactionMessage,
  MediaInfo,
  MediaUpload,
  DownloadedMedia,
  MediaMessage,
  TemplatePage,
  NewTemplate,
  CreatedTemplate,
  TemplateMessage,
} from './graph-types';
import { DEFAULT_BUSINESS_ACCOUNT_FIELDS } from './graph-types';

export * from './graph-types';

/**
 * A thin typed client for the Graph calls Threadline makes (WHATSAPP.md §2, §4), over `fetch`,
 * with a timeout on every call. Failures are the typed errors of graph-errors.ts; a call cut short
 * by `close()` (the app is shutting down) rejects with ShuttingDown instead, as it is no failure of Graph's.
 */

/** What every message to a customer starts with: to their number, or their BSUID (`customer-id.ts`). */
function toCustomer(to: string) {
  return { messaging_product: 'whatsapp', recipient_type: 'individual', ...addressee(to) };
}

/** A download refused for its size: larger than the caller's cap (nothing more was read). */
export class MediaTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The media is larger than ${maxBytes} bytes`);
    this.name = 'MediaTooLarge';
  }
}

type Method = 'GET' | 'POST' | 'DELETE';

interface Call {
  token?: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body (media uploads) instead of JSON. */
  form?: FormData;
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
        ...toCustomer(message.to),
        type: 'text',
        text: { body: message.body, preview_url: false },
        ...(message.replyTo ? { context: { message_id: message.replyTo } } : {}),
      },
    });
  }

  /** An emoji on one of the customer's messages (WHATSAPP.md §0); an empty emoji takes it back. */
  sendReaction(token: string, phoneNumberId: string, message: ReactionMessage): Promise<SendMessageResult> {
    return this.call('POST', [phoneNumberId, 'messages'], {
      token,
      body: {
        ...toCustomer(message.to),
        type: 'reaction',
        reaction: { message_id: message.messageId, emoji: message.emoji },
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

  /** Where to download a media for the next five minutes; `phoneNumberId` makes Graph check it is that number's. */
  getMediaUrl(token: string, mediaId: string, phoneNumberId?: string): Promise<MediaInfo> {
    return this.call('GET', [mediaId], {
      token,
      query: phoneNumberId ? { phone_number_id: phoneNumberId } : undefined,
    });
  }

  /**
   * The media behind a URL of `getMediaUrl`, with the business token (the URL alone gives nothing).
   * Read as it streams in and given up past `maxBytes`, so that no more is ever held.
   */
  async downloadMedia(token: string, url: string, maxBytes: number): Promise<DownloadedMedia> {
    return this.exchange(new URL(url), 'GET', { token }, async (response) => {
      if (!response.ok) return undefined;
      const declared = Number(response.headers.get('content-length') ?? NaN);
      if (declared > maxBytes) throw new MediaTooLarge(maxBytes);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body ?? []) {
        size += (chunk as Uint8Array).length;
        if (size > maxBytes) throw new MediaTooLarge(maxBytes);
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
      return { bytes: Buffer.concat(chunks, size), contentType: response.headers.get('content-type') ?? undefined };
    });
  }

  /** Uploads a file for sending (multipart, as Meta documents it); answers its media id. */
  uploadMedia(token: string, phoneNumberId: string, upload: MediaUpload): Promise<{ id: string }> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', upload.mimeType);
    form.set('file', new Blob([upload.bytes as Uint8Array<ArrayBuffer>], { type: upload.mimeType }), upload.filename);
    return this.call('POST', [phoneNumberId, 'media'], { token, form });
  }

  deleteMedia(token: string, mediaId: string, phoneNumberId?: string): Promise<SuccessResult> {
    return this.call('DELETE', [mediaId], {
      token,
      query: phoneNumberId ? { phone_number_id: phoneNumberId } : undefined,
    });
  }

  sendMedia(token: string, phoneNumberId: string, message: MediaMessage): Promise<SendMessageResult> {
    const media: Record<string, string> = { id: message.mediaId };
    if (message.caption) media.caption = message.caption;
    if (message.filename && message.kind === 'document') media.filename = message.filename;
    return this.call('POST', [phoneNumberId, 'messages'], {
      token,
      body: {
        ...toCustomer(message.to),
        type: message.kind,
        [message.kind]: media,
        ...(message.replyTo ? { context: { message_id: message.replyTo } } : {}),
      },
    });
  }

  /** A page of the WABA's templates (all languages), oldest first; `after` is the previous page's cursor. */
  listTemplates(token: string, wabaId: string, page: { limit?: number; after?: string } = {}): Promise<TemplatePage> {
    const query: Record<string, string> = {
      fields: 'id,name,language,status,category,components,rejected_reason',
    };
    if (page.limit !== undefined) query.limit = String(page.limit);
    if (page.after) query.after = page.after;
    return this.call('GET', [wabaId, 'message_templates'], { token, query });
  }

  /** Submits a template for Meta's review: it answers PENDING, and the review's outcome comes by webhook. */
  createTemplate(token: string, wabaId: string, template: NewTemplate): Promise<CreatedTemplate> {
    return this.call('POST', [wabaId, 'message_templates'], { token, body: template });
  }

  /** Deletes a template by name (every language), or only the one `templateId` names. */
  deleteTemplate(token: string, wabaId: string, name: string, templateId?: string): Promise<SuccessResult> {
    return this.call('DELETE', [wabaId, 'message_templates'], {
      token,
      query: { name, ...(templateId ? { hsm_id: templateId } : {}) },
    });
  }

  /** An approved template, the only message WhatsApp delivers outside the 24-hour window. */
  sendTemplate(token: string, phoneNumberId: string, message: TemplateMessage): Promise<SendMessageResult> {
    const text = (values: string[]) => values.map((value) => ({ type: 'text', text: value }));
    const components = [
      ...(message.headerParameters?.length ? [{ type: 'header', parameters: text(message.headerParameters) }] : []),
      ...(message.bodyParameters.length ? [{ type: 'body', parameters: text(message.bodyParameters) }] : []),
    ];
    return this.call('POST', [phoneNumberId, 'messages'], {
      token,
      body: {
        ...toCustomer(message.to),
        type: 'template',
        template: {
          name: message.name,
          language: { code: message.language },
          ...(components.length ? { components } : {}),
        },
      },
    });
  }

  private call<T>(method: Method, segments: string[], call: Call): Promise<T> {
    const path = [this.options.version, ...segments].map(encodeURIComponent).join('/');
    const url = new URL(`${this.options.baseUrl()}/${path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
    return this.exchange<T>(url, method, call, async () => undefined);
  }

  /**
   * One request with the timeout and the shutdown signal. `read` may take a successful answer as it
   * is (a download); otherwise the answer is Graph's JSON: a result, or an error object turned into
   * the typed errors of graph-errors.ts.
   */
  private async exchange<T>(
    url: URL,
    method: Method,
    { token, body, form }: Call,
    read: (response: Response) => Promise<T | undefined>,
  ): Promise<T> {
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
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: call.signal,
      });
      const result = await read(response);
      if (result !== undefined) return result;
      status = response.status;
      text = await response.text();
    } catch (error) {
      this.closed.signal.throwIfAborted();
      if (error instanceof MediaTooLarge) throw error;
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
