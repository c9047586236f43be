import { migrate, readFunctions, readMigrations } from '../../../server/db/migrate';
import type { Db } from '../../../server/db/client';
import { openTestDb, type TestDb } from '../support/helpers';

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** Our SQL functions in the database's schema (not the extensions'), each as PostgreSQL prints it back. */
async function functionDefinitions(db: Db): Promise<Map<string, string>> {
  const rows = await db.query<{ name: string; definition: string }>(
    `select p.proname as name, pg_get_functiondef(p.oid) as definition
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()
        and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname, p.oid`,
  );
  const definitions = new Map<string, string>();
  for (const row of rows) {
    if (definitions.has(row.name)) throw new Error(`${row.name} is overloaded: its file names one signature only`);
    definitions.set(row.name, row.definition);
  }
  return definitions;
}

describe('server/db/functions/*.sql', () => {
  it('each file replaces the one function it is named after', () => {
    for (const { name, sql } of readFunctions()) {
      const statements = sql.match(/^create or replace function (\w+)\(/gim) ?? [];
      expect({ name, statements }).toEqual({ name, statements: [`create or replace function ${name}(`] });
    }
  });
});

describe(`SQL functions on ${engine}`, () => {
  let testDb: TestDb;
  let migratedOnly: Map<string, string>;
  beforeAll(async () => {
    // As the runner migrated before functions/ existed: the migrations alone.
    testDb = await openTestDb(async (db) => {
      await migrate(db, readMigrations(), []);
      migratedOnly = await functionDefinitions(db);
    });
  });
  afterAll(() => testDb.dispose());

  it('has a file in functions/ for every function the migrations make, and nothing else', () => {
    expect([...migratedOnly.keys()].sort()).toEqual(readFunctions().map((sqlFunction) => sqlFunction.name));
  });

  it('leaves a database migrated without functions/ exactly as it was (each file is the newest body)', async () => {
    expect(await migrate(testDb.db)).toEqual([]);
    expect(await functionDefinitions(testDb.db)).toEqual(migratedOnly);
  });

  it('replaces a function with its file on every start, whatever the database held', async () => {
    await testDb.db.exec(`create or replace function live_notify(owner bigint, type text, body jsonb) returns void
      language sql as $$ select null::void $$`);
    expect((await functionDefinitions(testDb.db)).get('live_notify')).not.toEqual(migratedOnly.get('live_notify'));
    await migrate(testDb.db);
    expect((await functionDefinitions(testDb.db)).get('live_notify')).toEqual(migratedOnly.get('live_notify'));
  });
});
