import { migrate, readMigrations } from '../../../server/db/migrate';
import { openTestDb, type TestDb } from '../support/helpers';

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`migrations on ${engine}`, () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
  });
  afterAll(() => testDb.dispose());

  it('records every migration file as applied, in order', async () => {
    const rows = await testDb.db.query<{ id: string }>('select id from schema_migrations order by id');
    expect(rows.map((row) => row.id)).toEqual(readMigrations().map((migration) => migration.id));
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(testDb.db)).toEqual([]);
  });

  it('leaves pgvector usable', async () => {
    const row = await testDb.db.one<{ distance: number }>(
      "select ('[1,2,3]'::vector <-> '[1,2,4]'::vector) as distance",
    );
    expect(row.distance).toBe(1);
  });

  it('rolls back a failing migration entirely', async () => {
    const broken = [{ id: '9999_broken', sql: 'create table half_done (id int); select * from no_such_table;' }];
    await expect(migrate(testDb.db, broken)).rejects.toThrow();
    const table = await testDb.db.maybeOne("select 1 from information_schema.tables where table_name = 'half_done'");
    expect(table).toBeUndefined();
    const recorded = await testDb.db.maybeOne("select 1 from schema_migrations where id = '9999_broken'");
    expect(recorded).toBeUndefined();
  });
});
