import { AGENT_LIMITS, type DocumentItem } from '../../../contract';
import { corruptPdf, encryptedPdf, pageSentences, textPdf } from '../../fixtures/pdf';
import { textPng } from '../../fixtures/images';
import { createAgent, newOwner } from '../support/agents-helpers';
import { searchContexts, sendBrokenMultipart, upload, uploadAndIngest } from '../support/documents-helpers';
import { bearer, useTestApp } from '../support/helpers';

const ctx = useTestApp();

async function ownerWithAgent(verified = true) {
  const owner = await newOwner(ctx, true);
  const agent = await createAgent(ctx, owner, { model: 'local/knowledge-base', api_key: '' });
  if (!verified) await ctx.db.query('update users set is_verified = false where id = $1', [owner.userId]);
  return { owner, agentId: agent.id };
}

async function count(table: string, agentId: number) {
  return (await ctx.db.one<{ n: number }>(`select count(*)::int as n from ${table} where agent_id = $1`, [agentId])).n;
}

const MZ_EXECUTABLE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62, 0),
  Buffer.from('This program cannot be run'),
]);
const ELF_EXECUTABLE = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(57, 0)]);

describe('POST /api/v1/documents/upload/context', () => {
  it('stores the file, answers 201 with the processing document at once, and queues one ingestion job', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const content = Buffer.from('Our shop opens at nine.\n', 'utf8');
    const response = await upload(ctx, owner, agentId, 'hours.txt', content, 'text/plain');
    expect(response.statusCode).toBe(201);
    const document = response.json<DocumentItem>();
    expect(document).toEqual({
      id: expect.any(Number),
      filename: 'hours.txt',
      media_type: 'text/plain',
      size_bytes: content.length,
      status: 'processing',
      error: null,
      pages: null,
      chunks: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const stored = await ctx.db.one<{ content: Uint8Array }>(
      'select content from document_files where document_id = $1',
      [document.id],
    );
    expect(Buffer.from(stored.content).equals(content)).toBe(true);
    const jobs = await ctx.db.query<{ name: string; payload: unknown }>(
      'select name, payload from jobs where key = $1',
      [`ingest:${document.id}`],
    );
    expect(jobs).toEqual([{ name: 'ingest-document', payload: { documentId: document.id } }]);
    await ctx.app.jobs.runUntilIdle();
  });

  it('decides the type by the bytes: a PNG named .pdf is a PNG, a text file named .png is text', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const png = await upload(ctx, owner, agentId, 'scan.pdf', textPng(['HI']), 'application/pdf');
    expect(png.statusCode).toBe(201);
    expect(png.json<DocumentItem>().media_type).toBe('image/png');
    const text = await upload(ctx, owner, agentId, 'photo.png', Buffer.from('Just words.'), 'image/png');
    expect(text.statusCode).toBe(201);
    expect(text.json<DocumentItem>().media_type).toBe('text/plain');
    // Not ingested here: OCR is exercised (once) by knowledge-ocr.test.ts.
    await ctx.db.query("update jobs set status = 'done' where key in ($1, $2)", [
      `ingest:${png.json<DocumentItem>().id}`,
      `ingest:${text.json<DocumentItem>().id}`,
    ]);
  });

  it.each([
    ['an MZ executable', 'setup.pdf', MZ_EXECUTABLE],
    ['an ELF executable', 'notes.txt', ELF_EXECUTABLE],
    ['an HTML page', 'page.txt', Buffer.from('<!DOCTYPE html>\n<html><script>alert(1)</script></html>')],
  ])('refuses %s with 415 and the exact text, storing nothing', async (_label, filename, content) => {
    const { owner, agentId } = await ownerWithAgent();
    const response = await upload(ctx, owner, agentId, filename, content, 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      detail: `${filename}: File type not supported. Please upload PDF, TXT, JPG, or PNG files only.`,
      field: 'file',
    });
    expect(await count('documents', agentId)).toBe(0);
  });

  it('refuses a file over 25 MB with 413 and the exact text', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const content = Buffer.alloc(AGENT_LIMITS.maxFileSizeBytes + 1, 0x61);
    const response = await upload(ctx, owner, agentId, 'big.txt', content, 'text/plain');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ detail: 'big.txt: File size must be less than 25MB' });
    expect(await count('documents', agentId)).toBe(0);
  });

  it('refuses an empty file and a request without a file with 422 naming the field', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const empty = await upload(ctx, owner, agentId, 'empty.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ field: 'file', detail: 'empty.txt: The file is empty.' });
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/documents/upload/context?agent_id=${agentId}`,
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json()).toMatchObject({ field: 'file' });
  });

  it('answers a body that is not whole multipart with 422 on file, storing nothing', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const answers = await sendBrokenMultipart(
      ctx.app,
      `/api/v1/documents/upload/context?agent_id=${agentId}`,
      bearer(owner.token),
    );
    for (const [payload, status, body] of answers) {
      expect([payload, status, body]).toEqual([
        payload,
        422,
        expect.objectContaining({ field: 'file', detail: 'The file did not arrive whole; send it again.' }),
      ]);
    }
    expect(await count('documents', agentId)).toBe(0);
  });

  it('needs agent_id (422), the caller’s own agent (404), a live agent (409) and a verified email (403)', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const content = Buffer.from('Hello');
    const missing = await upload(ctx, owner, undefined, 'a.txt', content);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ field: 'agent_id' });

    const stranger = await ownerWithAgent();
    const foreign = await upload(ctx, stranger.owner, agentId, 'a.txt', content);
    expect(foreign.statusCode).toBe(404);

    await ctx.db.query("update agents set status = 'deleted', deleted_at = now() where id = $1", [stranger.agentId]);
    const deleted = await upload(ctx, stranger.owner, stranger.agentId, 'a.txt', content);
    expect(deleted.statusCode).toBe(409);

    const unverified = await ownerWithAgent(false);
    const refused = await upload(ctx, unverified.owner, unverified.agentId, 'a.txt', content);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      detail: 'Please verify your email address before creating or editing agents.',
    });
    expect(await count('documents', agentId)).toBe(0);
    expect(await count('documents', stranger.agentId)).toBe(0);
    expect(await count('documents', unverified.agentId)).toBe(0);
  });
});

describe('ingestion of text and PDF files', () => {
  it('makes a multi-page PDF ready with its pages and chunks, and finds a sentence of its last page', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const pages = Array.from({ length: 12 }, (_, index) => pageSentences(index + 1));
    const document = await uploadAndIngest(ctx, owner, agentId, 'handbook.pdf', textPdf(pages));
    expect(document).toMatchObject({ status: 'ready', error: null, pages: 12, media_type: 'application/pdf' });
    expect(document.chunks).toBeGreaterThan(1);
    expect(await count('contexts', agentId)).toBe(document.chunks);

    const found = await searchContexts(ctx, owner, agentId, 'orchard 84 apple trees');
    expect(found[0].context).toContain('The orchard on page 12 grows exactly 84 apple trees beside the river.');
    expect(found[0]).toMatchObject({ document_id: document.id, document_name: 'handbook.pdf' });
  });

  it('reads UTF-8 and Latin-1 text files and finds their sentences', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const utf8 = await uploadAndIngest(
      ctx,
      owner,
      agentId,
      'menu.txt',
      Buffer.from('Our crème brûlée costs €5.\n\nThe kitchen closes at ten.', 'utf8'),
    );
    const latin1 = await uploadAndIngest(
      ctx,
      owner,
      agentId,
      'café.txt',
      Buffer.from('Le café est ouvert à midi.\nThe façade was painted in spring.', 'latin1'),
    );
    expect([utf8.status, latin1.status]).toEqual(['ready', 'ready']);
    expect((await searchContexts(ctx, owner, agentId, 'brûlée'))[0].context).toContain('Our crème brûlée costs €5.');
    expect((await searchContexts(ctx, owner, agentId, 'façade painted'))[0].context).toContain(
      'The façade was painted in spring.',
    );
  });

  it.each([
    ['a corrupt PDF', corruptPdf(), /^This PDF could not be read: .+\.$/],
    ['a password-protected PDF', encryptedPdf(), /^This PDF is password-protected\.$/],
  ])('fails %s with a readable reason and leaves no contexts', async (_label, content, reason) => {
    const { owner, agentId } = await ownerWithAgent();
    const document = await uploadAndIngest(ctx, owner, agentId, 'broken.pdf', content);
    expect(document.status).toBe('failed');
    expect(document.error).toMatch(reason);
    expect(document.chunks).toBe(0);
    expect(await count('contexts', agentId)).toBe(0);
    const job = await ctx.db.one<{ status: string }>('select status from jobs where key = $1', [
      `ingest:${document.id}`,
    ]);
    expect(job.status).toBe('done');
  });

  it('adds the entities it finds to the agent’s graph', async () => {
    const { owner, agentId } = await ownerWithAgent();
    await uploadAndIngest(
      ctx,
      owner,
      agentId,
      'team.txt',
      Buffer.from('Grace Hopper leads Acme Robotics Ltd. Write to help@acme.example for the X200 manual.'),
    );
    const graph = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/agents/${agentId}/graph`,
      headers: bearer(owner.token),
    });
    const labels = graph.json<{ nodes: { label: string }[] }>().nodes.map((node) => node.label);
    expect(labels).toEqual(expect.arrayContaining(['Grace Hopper', 'Acme Robotics Ltd', 'help@acme.example', 'X200']));
  });
});

describe('GET and DELETE /api/v1/agents/{id}/documents', () => {
  it('lists the agent’s documents newest first without their bytes, and only to their owner', async () => {
    const { owner, agentId } = await ownerWithAgent();
    await uploadAndIngest(ctx, owner, agentId, 'first.txt', Buffer.from('First file.'));
    await uploadAndIngest(ctx, owner, agentId, 'second.txt', Buffer.from('Second file.'));
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/agents/${agentId}/documents`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<DocumentItem[]>().map((document) => document.filename)).toEqual(['second.txt', 'first.txt']);
    expect(response.body).not.toContain('content');

    const stranger = await newOwner(ctx);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/agents/${agentId}/documents`,
      headers: bearer(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('removes a document with its contexts, and refuses another owner', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const document = await uploadAndIngest(ctx, owner, agentId, 'gone.txt', Buffer.from('Soon forgotten.'));
    expect(await count('contexts', agentId)).toBe(1);
    const stranger = await ownerWithAgent();
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/agents/${stranger.agentId}/documents/${document.id}`,
      headers: bearer(stranger.owner.token),
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/agents/${agentId}/documents/${document.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(204);
    expect(await count('documents', agentId)).toBe(0);
    expect(await count('contexts', agentId)).toBe(0);
  });
});

describe('GET /api/v1/agents/{id}/contexts and POST …/contexts/search', () => {
  it('lists the newest document’s contexts first, with their document, and only to their owner', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const older = await uploadAndIngest(ctx, owner, agentId, 'older.txt', Buffer.from('The older file.'));
    const newer = await uploadAndIngest(ctx, owner, agentId, 'newer.txt', Buffer.from('The newer file.'));
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/agents/${agentId}/contexts`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        context: 'The newer file.',
        created_at: expect.any(String),
        document_id: newer.id,
        document_name: 'newer.txt',
      },
      {
        id: expect.any(Number),
        context: 'The older file.',
        created_at: expect.any(String),
        document_id: older.id,
        document_name: 'older.txt',
      },
    ]);
    // An empty search is the full list again.
    expect((await searchContexts(ctx, owner, agentId, '')).map((context) => context.context)).toEqual([
      'The newer file.',
      'The older file.',
    ]);

    const stranger = await newOwner(ctx);
    for (const [method, url] of [
      ['GET', `/api/v1/agents/${agentId}/contexts`],
      ['POST', `/api/v1/agents/${agentId}/contexts/search?query=file`],
    ] as const) {
      const foreign = await ctx.app.inject({ method, url, headers: bearer(stranger.token) });
      expect(foreign.statusCode).toBe(404);
    }
  });
});
