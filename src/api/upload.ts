import type { DocumentItem } from '../../contract/agents';
import { API_BASE_URL } from '../config';
import { readError } from './client';

/** What one upload reports: real transfer progress, then the stored document or the reason it failed. */
export type UploadEvent =
  | { type: 'progressed'; percent: number }
  | { type: 'uploaded'; document: DocumentItem }
  /** `message` is the server's own reason (its `detail`), or null when it gave none. */
  | { type: 'failed'; message: string | null; status: number };

export interface UploadRequest {
  token: string;
  agentId: number;
  file: File;
}

/** The bytes are all sent but the server has not answered yet: the bar stops short of done. */
export const MAX_PROGRESS_BEFORE_ANSWER = 99;

const uploadPath = (agentId: number) => `/documents/upload/context?agent_id=${agentId}`;

async function failureOf(xhr: XMLHttpRequest): Promise<{ type: 'failed'; message: string | null; status: number }> {
  const response = new Response(xhr.responseText || null, { status: xhr.status, statusText: xhr.statusText });
  const error = await readError(response, { reading: 'messaging' });
  return { type: 'failed', message: error.detail ?? null, status: xhr.status };
}

/** What any multipart upload reports: progress, then the server's answer or the reason it failed. */
export type FormUploadEvent<T> =
  | { type: 'progressed'; percent: number }
  | { type: 'done'; result: T }
  | { type: 'failed'; message: string | null; status: number };

/**
 * Sends a `multipart/form-data` body to `path` through XMLHttpRequest, whose upload events are the
 * only way a browser reports how much of a request body has left. `listener` hears progress and
 * exactly one end; the returned function aborts the transfer (and then nothing more is heard).
 */
export function startFormUpload<T>(
  path: string,
  token: string,
  body: FormData,
  listener: (event: FormUploadEvent<T>) => void,
) {
  const xhr = new XMLHttpRequest();
  let settled = false;
  const settle = (event: FormUploadEvent<T>) => {
    if (settled) return;
    settled = true;
    listener(event);
  };

  xhr.open('POST', `${API_BASE_URL}${path}`);
  xhr.setRequestHeader('accept', 'application/json');
  xhr.setRequestHeader('authorization', `Bearer ${token}`);
  xhr.upload.onprogress = (event) => {
    if (settled || !event.lengthComputable || event.total <= 0) return;
    const percent = Math.min(Math.floor((event.loaded / event.total) * 100), MAX_PROGRESS_BEFORE_ANSWER);
    listener({ type: 'progressed', percent });
  };
  xhr.onload = () => {
    if (xhr.status >= 200 && xhr.status < 300) {
      try {
        settle({ type: 'done', result: JSON.parse(xhr.responseText) as T });
      } catch {
        settle({ type: 'failed', message: null, status: xhr.status });
      }
      return;
    }
    void failureOf(xhr).then(settle);
  };
  xhr.onerror = () => settle({ type: 'failed', message: null, status: 0 });
  xhr.send(body);

  return () => {
    if (settled) return;
    settled = true;
    xhr.abort();
  };
}

/** One document of an agent's knowledge (field `file`). */
export function startUpload({ token, agentId, file }: UploadRequest, listener: (event: UploadEvent) => void) {
  const body = new FormData();
  body.append('file', file, file.name);
  return startFormUpload<DocumentItem>(uploadPath(agentId), token, body, (event) =>
    listener(event.type === 'done' ? { type: 'uploaded', document: event.result } : event),
  );
}
