import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asBackgroundWork, type PgliteDb } from '../../../server/db/client';
import { openPglite } from '../../../server/db/pglite';

// The embedded database runs in a thread of its own; these are the promises its client keeps.
let db: PgliteDb;
beforeAll(async () => {
  db = await openPglite();
  await db.exec('create table items (id integer primary key, name text not null unique)');
});
afterAll(() => db.close());
beforeEach(() => db.exec('delete from items'));

async function names(): Promise<string[]> {
  return (await db.query<{ name: string }>('select name from items order by id')).map((row) => row.name);
}

describe('the embedded database in its thread', () => {
  it('answers with rows, and keeps what PostgreSQL says of an error', async () => {
    await db.query('insert into items (id, name) values ($1, $2)', [1, 'shoes']);
    expect(await db.one('select id, name from items')).toEqual({ id: 1, name: 'shoes' });
    const duplicate = await db.query('insert into items (id, name) values (2, $1)', ['shoes']).catch((e) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'items_name_key' });
  });

  it('commits a transaction whose work succeeds, and rolls back one whose work throws', async () => {
    const committed = await db.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (1, 'kept')");
      return tx.one<{ n: number }>('select count(*)::int as n from items');
    });
    expect(committed).toEqual({ n: 1 });
    const failure = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (2, 'dropped')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    // A failed statement inside rolls back the whole transaction too.
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (3, 'also dropped')");
        await tx.query("insert into items (id, name) values (4, 'kept')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await names()).toEqual(['kept']);
  });

  it('answers a commit that fails with why, and goes on with the next statements', async () => {
    await db.exec(
      'create table if not exists codes (code text, constraint codes_code_key unique (code) deferrable initially deferred)',
    );
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into codes (code) values ('A1')");
        await tx.query("insert into codes (code) values ('A1')");
      }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'codes_code_key' });
    expect(await db.query('select code from codes')).toEqual([]);
  });

  it('holds other statements until a transaction ends', async () => {
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (1, 'first')");
      await released;
      order.push('transaction ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = db.query('select count(*)::int as n from items').then((rows) => {
      order.push('statement after it');
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['transaction ends', 'statement after it']);
  });

  it('runs a request’s statements before background work that was waiting longer', async () => {
    const finished: string[] = [];
    const track = (label: string, statement: Promise<unknown>) => statement.then(() => finished.push(label));
    // A request too, so that it goes first even when the thread has not yet chosen after its last statement.
    const busy = track('busy', db.query('select pg_sleep(0.2)'));
    const background = [1, 2, 3].map((n) =>
      track(
        `background ${n}`,
        asBackgroundWork(() => db.query('select 1')),
      ),
    );
    const request = track('request', db.query('select 1'));
    await Promise.all([busy, ...background, request]);
    expect(finished).toEqual(['busy', 'request', 'background 1', 'background 2', 'background 3']);
  });
});

describe('an embedded database whose thread ends', () => {
  it('fails the call in flight and every later one, and says so once', async () => {
    const lost: Error[] = [];
    const small = await openPglite(undefined, { heapLimitMb: 24, onLost: (error) => lost.push(error) });
    // 160 MB of rows on their way out exceed the thread's heap: the thread ends, not the process.
    const huge = small.query("select repeat('x', 4000000) as x from generate_series(1, 40)");
    await expect(huge).rejects.toThrow(/the database thread failed: .*memory limit/);
    await expect(small.query('select 1')).rejects.toThrow(/the database thread failed/);
    expect(lost).toHaveLength(1);
    await small.close();
  });

  it('is not lost when it is closed', async () => {
    const lost: Error[] = [];
    const closed = await openPglite(undefined, { onLost: (error) => lost.push(error) });
    await closed.close();
    expect(lost).toEqual([]);
  });
});

describe('a new embedded database in a directory', () => {
  it('is created in a process of its own, and a tarball that is not one fails with why', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-create-'));
    try {
      const made = await openPglite(path.join(root, 'made'));
      expect(await made.query('select 1 as one')).toEqual([{ one: 1 }]);
      await made.close();
      expect(fs.existsSync(path.join(root, 'made', 'PG_VERSION'))).toBe(true);

      const broken = openPglite(path.join(root, 'broken'), { loadDataDir: new Blob(['not a tarball']) });
      await expect(broken).rejects.toThrow(/creating the database in .*broken failed \(1\): ./);
      expect(fs.existsSync(path.join(root, 'broken', 'PG_VERSION'))).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
