import type { Db } from '../../../server/db/client';
import { openTestDb, type TestDb } from '../support/helpers';

// A batch: statements known up front, one transaction, one round trip. On PGlite and PostgreSQL.
let testDb: TestDb;
let db: Db;
beforeAll(async () => {
  testDb = await openTestDb();
  db = testDb.db;
  await db.exec('create table batch_items (id integer primary key, name text not null unique)');
});
afterAll(() => testDb.dispose());
beforeEach(() => db.exec('delete from batch_items'));

describe('Db.batch', () => {
  it('runs its statements in order in one transaction and answers each one’s rows', async () => {
    const results = await db.batch([
      { text: "insert into batch_items (id, name) values (1, 'a'), (2, 'b') returning id" },
      { text: 'update batch_items set name = name || $1 where id = $2 returning name', params: ['!', 2] },
      { text: 'select count(*)::int as n from batch_items' },
    ]);
    expect(results).toEqual([[{ id: 1 }, { id: 2 }], [{ name: 'b!' }], [{ n: 2 }]]);
  });

  it('rolls back every statement when one fails, and answers with what PostgreSQL said', async () => {
    await db.query("insert into batch_items (id, name) values (1, 'taken')");
    await expect(
      db.batch([
        { text: "insert into batch_items (id, name) values (2, 'new')" },
        { text: "insert into batch_items (id, name) values (3, 'taken')" },
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('select id from batch_items order by id')).toEqual([{ id: 1 }]);
    // The database goes on as before.
    expect(await db.batch([{ text: 'select 1 as one' }])).toEqual([[{ one: 1 }]]);
  });

  it('answers nothing for no statements', async () => {
    expect(await db.batch([])).toEqual([]);
  });
});
