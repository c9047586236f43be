import type { Executor } from '../../../server/db/client';
import { openTestDb, type TestDb } from '../support/helpers';

/**
 * The inbox version (the list's ETag, the live stream's position): bumped at commit, once per owner
 * per transaction whatever the number of conversations it changed, and again by every later
 * transaction. Migrations 0010, 0014, 0022 and 0031.
 */

let testDb: TestDb;

beforeAll(async () => {
  testDb = await openTestDb();
});

afterAll(async () => {
  await testDb.dispose();
});

let owners = 0;
async function ownerWithConversations(count: number): Promise<{ userId: number; ids: number[] }> {
  owners += 1;
  const { id: userId } = await testDb.db.one<{ id: number }>(
    `insert into users (email, username, password_hash, first_name, last_name)
     values ($1, $1, 'x', 'A', 'B') returning id`,
    [`version-owner-${owners}`],
  );
  const rows = await testDb.db.query<{ id: number }>(
    `insert into conversations (user_id, wa_id) select $1, '1650555' || n from generate_series(1, $2) n returning id`,
    [userId, count],
  );
  return { userId, ids: rows.map((row) => row.id) };
}

const versionOf = async (userId: number) =>
  (await testDb.db.one<{ version: number }>('select version from inbox_versions where user_id = $1', [userId])).version;

const touch = (tx: Executor, ids: number[]) =>
  tx.query('update conversations set unread_count = unread_count + 1 where id = any($1)', [ids]);

describe('the inbox version', () => {
  it('moves once per owner for a transaction that changes many of their conversations', async () => {
    const a = await ownerWithConversations(3);
    const b = await ownerWithConversations(1);
    const [aBefore, bBefore] = [await versionOf(a.userId), await versionOf(b.userId)];

    await testDb.db.transaction(async (tx) => {
      await touch(tx, a.ids.slice(0, 2));
      await touch(tx, b.ids);
      await touch(tx, a.ids.slice(2));
    });

    expect(await versionOf(a.userId)).toBe(Number(aBefore) + 1);
    expect(await versionOf(b.userId)).toBe(Number(bBefore) + 1);
  });

  it('moves again for each later transaction, and for none that rolled back', async () => {
    const a = await ownerWithConversations(2);
    const before = Number(await versionOf(a.userId));

    await testDb.db.transaction((tx) => touch(tx, a.ids));
    await testDb.db
      .transaction(async (tx) => {
        await touch(tx, a.ids);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await testDb.db.transaction((tx) => touch(tx, a.ids.slice(1)));

    expect(await versionOf(a.userId)).toBe(before + 2);
  });
});
