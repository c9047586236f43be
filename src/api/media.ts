import { API_BASE_URL } from '../config';
import type { Message } from '../../contract';
import { readError } from './client';
import { startFormUpload, type FormUploadEvent } from './upload';

/** The API's own prefix in the addresses it gives (a message's `media.url`). */
const SERVER_PREFIX = '/api/v1';

/** A file the API serves only with the owner's bearer token (a message's photo, voice note, file). */
export async function fetchMediaBlob(token: string, url: string, signal?: AbortSignal): Promise<Blob> {
  const address = url.startsWith(`${SERVER_PREFIX}/`) ? `${API_BASE_URL}${url.slice(SERVER_PREFIX.length)}` : url;
  const response = await fetch(address, { headers: { authorization: `Bearer ${token}` }, signal });
  if (!response.ok) throw await readError(response, { reading: 'messaging' });
  return response.blob();
}

export interface MediaSendRequest {
  token: string;
  conversationId: string;
  file: File;
  caption: string;
  inReplyToMessageId: string | null;
}

/** POST …/media: the file (field `file`), an optional caption and quoted message; answers the stored message. */
export function startMediaSend(request: MediaSendRequest, listener: (event: FormUploadEvent<Message>) => void) {
  const body = new FormData();
  if (request.caption) body.append('caption', request.caption);
  if (request.inReplyToMessageId) body.append('in_reply_to_message_id', request.inReplyToMessageId);
  body.append('file', request.file, request.file.name);
  const path = `/messages/conversations/${encodeURIComponent(request.conversationId)}/media`;
  return startFormUpload<Message>(path, request.token, body, listener);
}
