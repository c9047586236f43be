import crypto from 'node:crypto';
import type { Context, DocumentItem } from '../../../contract';
import type { Owner } from './agents-helpers';
import { bearer, type TestContext } from './helpers';

export interface FilePart {
  filename: string;
  content: Buffer;
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body with these file parts (as a browser's FormData would send them). */
export function multipartFiles(files: FilePart[]) {
  const boundary = `----threadline${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    ...files.flatMap(({ filename, content, contentType = 'application/octet-stream', field = 'file' }) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Bodies that say multipart/form-data but are not: no boundary at all, a stray byte, a part cut off
 * before its end. Every upload route answers them as the sender's mistake, never with a 500.
 */
const BROKEN_MULTIPART = [
  '\u0000',
  'not a form',
  '--broken\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello',
];

/** Each BROKEN_MULTIPART body POSTed to `url` with `headers`: [body, status, JSON answer] per body. */
export async function sendBrokenMultipart(
  app: { inject: TestContext['app']['inject'] },
  url: string,
  headers: Record<string, string>,
): Promise<Array<[string, number, unknown]>> {
  const answers: Array<[string, number, unknown]> = [];
  for (const payload of BROKEN_MULTIPART) {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=broken' },
      payload,
    });
    answers.push([payload, response.statusCode, response.json()]);
  }
  return answers;
}

/** A multipart/form-data body with one file part. */
export function multipart(filename: string, content: Buffer, contentType?: string, field?: string) {
  return multipartFiles([{ filename, content, contentType, field }]);
}

export function upload(
  ctx: TestContext,
  owner: Owner,
  agentId: number | undefined,
  filename: string,
  content: Buffer,
  contentType?: string,
) {
  const body = multipart(filename, content, contentType);
  const query = agentId === undefined ? '' : `?agent_id=${agentId}`;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/documents/upload/context${query}`,
    headers: { ...bearer(owner.token), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a file that must be accepted, runs the queued jobs, and answers the document afterwards. */
export async function uploadAndIngest(
  ctx: TestContext,
  owner: Owner,
  agentId: number,
  filename: string,
  content: Buffer,
): Promise<DocumentItem> {
  const response = await upload(ctx, owner, agentId, filename, content);
  if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  const { id } = response.json<DocumentItem>();
  await ctx.app.jobs.runUntilIdle();
  const list = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/agents/${agentId}/documents`,
    headers: bearer(owner.token),
  });
  const document = list.json<DocumentItem[]>().find((item) => item.id === id);
  if (!document) throw new Error(`document ${id} is not listed`);
  return document;
}

export async function searchContexts(ctx: TestContext, owner: Owner, agentId: number, query: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/agents/${agentId}/contexts/search?query=${encodeURIComponent(query)}`,
    headers: bearer(owner.token),
  });
  if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.body}`);
  return response.json<Context[]>();
}
