import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLocked, LOCK_FILE, lockDataDir, type DataDirLock } from '../../../server/process/data-dir-lock';
import { Refusal } from '../../../server/process/lifecycle';
import { thisProcess, type ProcessRecord } from '../../../server/process/processes';
import { deadPid, runTs, stop, waitForOutput, type Child } from '../support/child-processes';

/** A second process holding `dataDir` through the lock module, as a running server would. */
async function holdInAnotherProcess(dataDir: string): Promise<Child> {
  const holder = runTs('tests/server/support/hold-data-dir.ts', [dataDir, 'a test holder']);
  await waitForOutput(holder, 'locked');
  return holder;
}

function writeRecord(file: string, record: Partial<ProcessRecord>): void {
  fs.writeFileSync(file, JSON.stringify({ host: os.hostname(), role: 'the server', startedAt: '', ...record }));
}

function lockHolder(dataDir: string): ProcessRecord {
  return JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as ProcessRecord;
}

const onLinux = process.platform === 'linux' ? it : it.skip;

describe('lockDataDir', () => {
  let dataDir: string;
  let lockFile: string;
  let lock: DataDirLock | undefined;
  let holder: Child | undefined;
  beforeEach(() => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-lock-')), 'data');
    lockFile = path.join(dataDir, LOCK_FILE);
    lock = undefined;
    holder = undefined;
  });
  afterEach(async () => {
    lock?.release();
    if (holder) await stop(holder, 'SIGKILL');
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('takes a free folder in a file naming this process, which release removes', async () => {
    lock = await lockDataDir(dataDir, 'the server');
    expect(lock.file).toBe(lockFile);
    expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid, host: os.hostname(), role: 'the server' });
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(() => lock?.release()).not.toThrow();
  });

  it('refuses while another process holds the folder, naming that process, and leaves its lock alone', async () => {
    holder = await holdInAnotherProcess(dataDir);
    const held = fs.readFileSync(lockFile, 'utf8');
    const refusal = lockDataDir(dataDir, 'the server');
    await expect(refusal).rejects.toBeInstanceOf(DataDirLocked);
    await expect(refusal).rejects.toThrow(
      `Another Threadline process (pid ${holder.process.pid}, a test holder) is using ${dataDir}. ` +
        'Stop it first, or set DATA_DIR to another folder.',
    );
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(held);
  });

  it('takes over from a holder that was killed (kill -9, out of memory)', async () => {
    holder = await holdInAnotherProcess(dataDir);
    await stop(holder, 'SIGKILL');
    expect(fs.existsSync(lockFile)).toBe(true);
    lock = await lockDataDir(dataDir, 'the server');
    expect(lockHolder(dataDir).pid).toBe(process.pid);
  });

  it('is free again once its holder stops cleanly', async () => {
    holder = await holdInAnotherProcess(dataDir);
    expect(await stop(holder, 'SIGTERM')).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock file naming a process that has ended', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    writeRecord(lockFile, { pid: await deadPid() });
    lock = await lockDataDir(dataDir, 'the server');
    expect(lockHolder(dataDir).pid).toBe(process.pid);
  });

  onLinux('takes over a lock file whose pid now belongs to another process, started later', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    writeRecord(lockFile, { pid: process.ppid, identity: 'an-earlier-boot:1' });
    lock = await lockDataDir(dataDir, 'the server');
    expect(lockHolder(dataDir).pid).toBe(process.pid);
  });

  it("takes over a lock file naming this process's pid when this process does not hold it (a restarted container)", async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFile, JSON.stringify(thisProcess('the server')));
    lock = await lockDataDir(dataDir, 'the server');
    expect(fs.readFileSync(lockFile, 'utf8')).not.toBe(JSON.stringify(thisProcess('the server')));
  });

  it('refuses a second lock on the folder within the same process', async () => {
    lock = await lockDataDir(dataDir, 'the server');
    await expect(lockDataDir(dataDir, 'npm run backup')).rejects.toThrow(
      `Another Threadline process (pid ${process.pid}, the server) is using ${dataDir}.`,
    );
  });

  it('waits for a takeover under way instead of removing the lock that takeover makes', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    writeRecord(lockFile, { pid: await deadPid() });
    // Another process is taking over the stale lock at this moment; it then writes its own.
    writeRecord(`${lockFile}.takeover`, { pid: process.ppid });
    const locking = lockDataDir(dataDir, 'the server');
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeRecord(lockFile, { pid: process.ppid, role: 'npm run backup' });
    fs.rmSync(`${lockFile}.takeover`);
    await expect(locking).rejects.toThrow(`(pid ${process.ppid}, npm run backup) is using ${dataDir}`);
    expect(lockHolder(dataDir)).toMatchObject({ pid: process.ppid, role: 'npm run backup' });
  });

  it('removes the guard of a takeover whose process died, and takes over', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    writeRecord(lockFile, { pid: await deadPid() });
    writeRecord(`${lockFile}.takeover`, { pid: await deadPid() });
    lock = await lockDataDir(dataDir, 'the server');
    expect(lockHolder(dataDir).pid).toBe(process.pid);
    expect(fs.readdirSync(dataDir)).toEqual([LOCK_FILE]);
  });

  it('names the host of a holder on another machine, and how to clear a lock left there', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    writeRecord(lockFile, { pid: 4321, host: 'old-container' });
    await expect(lockDataDir(dataDir, 'the server')).rejects.toThrow(
      `Another Threadline process (pid 4321 on old-container, the server) is using ${dataDir}. ` +
        `Stop it first, or set DATA_DIR to another folder. If it no longer runs there (a replaced container), delete ${lockFile}.`,
    );
  });

  it('refuses a lock file that names no process, and says how to clear it', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFile, '');
    const refusal = lockDataDir(dataDir, 'the server');
    await expect(refusal).rejects.toBeInstanceOf(Refusal);
    await expect(refusal).rejects.toThrow(`${lockFile} does not name a Threadline process; if none uses this folder`);
  });
});
