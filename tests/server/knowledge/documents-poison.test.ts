import type { DocumentItem } from '../../../contract';
import { DEFAULT_DOCUMENT_LIMITS } from '../../../server/config';
import { DocumentReader } from '../../../server/services/knowledge/reader';
import { UnreadableDocument } from '../../../server/services/knowledge/unreadable';
import { malformedJpeg, pngDeclaring, renderText } from '../../fixtures/images';
import { corruptPdf, imagePdf } from '../../fixtures/pdf';
import { createAgent, newOwner } from '../support/agents-helpers';
import { upload, uploadAndIngest } from '../support/documents-helpers';
import { useTestApp } from '../support/helpers';
import { silentLog } from '../support/silent-log';

// Files that used to crash or freeze the server: each is read in the app's reader process.
const ctx = useTestApp();

async function ownerWithAgent() {
  const owner = await newOwner(ctx);
  const agent = await createAgent(ctx, owner, { model: 'local/knowledge-base', api_key: '' });
  return { owner, agentId: agent.id };
}

async function expectHealthy() {
  const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(health.statusCode).toBe(200);
}

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const UNREADABLE_IMAGE = 'This image could not be read: the file is damaged or incomplete.';

describe('ingestion of files that used to take the server down', () => {
  it.each([
    ['a PNG cut off inside its header', 'cut.png', pngDeclaring(100, 100).subarray(0, 20), UNREADABLE_IMAGE],
    [
      'a 73-byte PNG whose pixel data is not compressed data',
      'broken.png',
      pngDeclaring(100, 100, Buffer.from('not deflate data')),
      UNREADABLE_IMAGE,
    ],
    ['a JPEG cut off before its frame header', 'cut.jpg', malformedJpeg(true), UNREADABLE_IMAGE],
    ['a 76-byte JPEG whose scan is not JPEG data', 'broken.jpg', malformedJpeg(), UNREADABLE_IMAGE],
    [
      'a 66-byte PNG declaring 100000 × 100000 pixels',
      'huge.png',
      pngDeclaring(100_000, 100_000),
      'This image is too large to read (100000 × 100000 pixels; at most 40 megapixels).',
    ],
    ['a corrupt PDF', 'broken.pdf', corruptPdf(), /^This PDF could not be read: .+\.$/],
  ])('fails %s with its reason at once, and the app keeps answering', async (_label, filename, content, reason) => {
    const { owner, agentId } = await ownerWithAgent();
    const document = await uploadAndIngest(ctx, owner, agentId, filename, content);
    expect(document).toMatchObject({ status: 'failed', chunks: 0 });
    expect(document.error).toMatch(reason);
    const job = await ctx.db.one<{ status: string; attempts: number }>(
      'select status, attempts from jobs where key = $1',
      [`ingest:${document.id}`],
    );
    expect(job).toEqual({ status: 'done', attempts: 1 });
    await expectHealthy();
  });

  it('still ingests an ordinary document after them', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const document = await uploadAndIngest(ctx, owner, agentId, 'hours.txt', Buffer.from('We open at nine.'));
    expect(document).toMatchObject({ status: 'ready', chunks: 1 });
  });

  it('puts back only the job whose reader process was killed, which then succeeds', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const response = await upload(ctx, owner, agentId, 'hours.txt', Buffer.from('We open at nine.'));
    const { id } = response.json<DocumentItem>();
    const [reader] = ctx.app.knowledge.reader.readers;
    // A fresh process takes most of a second to start: the job is sure to be in it when it is killed.
    await reader.stop();
    const running = ctx.app.jobs.runUntilIdle();
    await until(() => reader.load > 0 && reader.pid !== undefined);
    process.kill(reader.pid!, 'SIGKILL');
    await running;

    const job = await ctx.db.one<{ status: string; attempts: number; last_error: string }>(
      'select status, attempts, last_error from jobs where key = $1',
      [`ingest:${id}`],
    );
    expect(job).toEqual({
      status: 'pending',
      attempts: 1,
      last_error: 'the document reader was killed (SIGKILL) before it finished.',
    });
    const waiting = await ctx.db.one<{ status: string }>('select status from documents where id = $1', [id]);
    expect(waiting.status).toBe('processing');
    await expectHealthy();

    await ctx.db.query('update jobs set run_at = now() where key = $1', [`ingest:${id}`]);
    await ctx.app.jobs.runUntilIdle();
    const done = await ctx.db.one<{ status: string; chunks: number }>(
      'select status, chunks from documents where id = $1',
      [id],
    );
    expect(done).toEqual({ status: 'ready', chunks: 1 });
  });
});

describe('DocumentReader', () => {
  it('stops a read that takes longer than its limit, with the reason, and ends its process', async () => {
    const reader = new DocumentReader({
      limits: { ...DEFAULT_DOCUMENT_LIMITS, readTimeoutMs: 300 },
      log: silentLog,
    });
    // Twenty pages of OCR take seconds, however fast the process starts.
    const scan = imagePdf(...Array.from({ length: 20 }, () => renderText(['A PAGE TO READ'])));
    const read = reader.read(scan, 'application/pdf');
    await until(() => reader.pid !== undefined);
    const pid = reader.pid!;
    await expect(read).rejects.toEqual(
      new UnreadableDocument(
        'Reading this file took longer than 1 second, so it was stopped. Please split it into smaller files.',
      ),
    );
    await until(() => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    await reader.stop();
  });
});
