import crypto from 'node:crypto';
import type { App } from '../../../server/app';
import type { Db } from '../../../server/db/client';
import { openPostgres } from '../../../server/db/postgres';

import { bearer, buildTestApp, openTestDb, type TestDb } from '../support/helpers';
import { connectedOwner, conversationId, customerWrites, newCustomer } from '../support/inbox-fixtures';
import { openStream } from '../support/live-stream';
import { sandboxConfig } from '../support/whatsapp-helpers';

// The scaled-out shape: two API nodes, each with its own pool on one PostgreSQL, and a writer
// that is neither (a worker). Whatever commits reaches the streams of every node.
let testDb: TestDb;
let secondPool: Db;
let workerPool: Db;
let nodeA: App;
let nodeB: App;
beforeAll(async () => {
  testDb = await openTestDb();
  const { schema } = await testDb.db.one<{ schema: string }>('select current_schema() as schema');
  const url = process.env.DATABASE_URL as string;
  secondPool = await openPostgres(url, `-c search_path=${schema},public`);
  workerPool = await openPostgres(url, `-c search_path=${schema},public`);
  // Nodes of one deployment share its key: a token one signed, the other accepts.
  const secretKey = crypto.randomBytes(32).toString('base64');
  const node = async (db: Db) => {
    const app = await buildTestApp(db, { ...sandboxConfig(), secretKey });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return app;
  };
  nodeA = await node(testDb.db);
  nodeB = await node(secondPool);
});
afterAll(async () => {
  await nodeA.close();
  await nodeB.close();
  await secondPool.close();
  await workerPool.close();
  await testDb.dispose();
});

const urlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

describe('GET /api/v1/events on PostgreSQL with two API nodes', () => {
  it('delivers a message one node stored, and a worker’s change, to a stream on the other node', async () => {
    const owner = await connectedOwner(nodeA);
    const live = await openStream(urlOf(nodeB), owner.token);
    expect(live.status).toBe(200);
    try {
      await live.next((event) => event.type === 'inbox.version');
      const customer = newCustomer();
      await customerWrites(nodeA, testDb.db, owner, customer, { text: 'Hello from node A' });
      const received = await live.next((event) => event.type === 'message.received');
      expect(received).toMatchObject({ conversationId: conversationId(customer) });
      // A worker marks 'AI is replying…' through a connection of its own.
      await workerPool.query('update conversations set ai_replying_since = now() where user_id = $1 and wa_id = $2', [
        owner.userId,
        customer,
      ]);
      expect(await live.next((event) => event.type === 'conversation.changed')).toEqual({
        type: 'conversation.changed',
        conversationId: conversationId(customer),
      });
    } finally {
      live.close();
    }
  });

  it('ends a stream on one node when its session is logged out on the other, before anything later', async () => {
    const owner = await connectedOwner(nodeA);
    const live = await openStream(urlOf(nodeB), owner.token);
    expect(live.status).toBe(200);
    try {
      await live.next((event) => event.type === 'inbox.version');
      const logout = await nodeA.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(owner.token) });
      expect(logout.statusCode).toBe(200);
      await customerWrites(nodeA, testDb.db, owner, newCustomer(), { text: 'After the logout' });
      await live.ended;
      expect(live.events.map((event) => event.type)).toEqual(['inbox.version']);
      expect(nodeB.live.count(owner.userId)).toBe(0);
    } finally {
      live.close();
    }
  });
});
