import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentLimits } from '../../config';
import type { ReadDocument, ReadLimits } from './read-document';
import type { SniffedType } from './sniff';
import { READ_FAILURES, UnreadableDocument } from './unreadable';

/** What the server asks its reader process (reader-process.ts), and what it answers. */
export interface ReadRequest {
  id: number;
  bytes: Uint8Array;
  mediaType: SniffedType;
  limits: ReadLimits;
}

export type ReadAnswer =
  | { id: number; outcome: 'read'; document: ReadDocument }
  | { id: number; outcome: 'unreadable'; reason: string }
  | { id: number; outcome: 'failed'; message: string };

/** The reader process ended in the middle of a read (killed, crashed): the job is tried again. */
export class ReaderStopped extends Error {}

/** A reader process with nothing to read exits after this long (a warm OCR engine costs memory). */
export const READER_IDLE_MS = 60_000;

const ROOT = path.resolve(__dirname, '../../..');
const READER_ENTRY = path.join(__dirname, 'reader-process.ts');
/** The only variables a reader process gets: it parses untrusted files, so it holds no secret. */
/** How much lower than the server's the reader process's CPU priority is (nice(1)'s scale). */
const READER_NICENESS = 10;
const READER_ENV = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'NODE_ENV'];
/** How V8 says it ran out of heap before it aborts the process. */
const OUT_OF_MEMORY = /heap out of memory/i;
const STDERR_TAIL_CHARS = 4096;

export interface DocumentReaderOptions {
  limits: DocumentLimits;
  log: FastifyBaseLogger;
  idleMs?: number;
}

interface Read {
  settle(outcome: () => void): void;
  fail(error: unknown): void;
  /** The end of what the process wrote to stderr during this read. */
  stderr: string;
}

/**
 * Reads documents (readDocument) in a child process, one at a time, so that nothing a file does to
 * pdf.js, tesseract.js or the chunker — a long computation, an exhausted heap, an uncaught throw, a
 * crash — reaches the server: the event loop stays free, and a read that fails ends that process
 * only. The process is started on first use (through tsx, as the server itself runs), kept while
 * reads keep coming (its OCR engine stays warm), and stopped after READER_IDLE_MS without any.
 * Each read is bounded by `readTimeoutMs` (the process is killed) and its heap by `readerMemoryMb`.
 */
export class DocumentReader {
  private child: ChildProcess | undefined;
  private current: Read | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: DocumentReaderOptions) {}

  /** Reads waiting or running on this reader. */
  get load(): number {
    return this.queued;
  }

  /** The reader process while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * The file's chunks, page count and graph. Rejects with UnreadableDocument (the owner's reason:
   * unreadable, over a limit, too slow, too big for the heap), ReaderStopped (try again), or the
   * signal's reason when it is aborted (the process is killed).
   */
  read(bytes: Uint8Array, mediaType: SniffedType, signal?: AbortSignal): Promise<ReadDocument> {
    this.queued += 1;
    const run = this.queue.then(() => this.readNow(bytes, mediaType, signal));
    this.queue = run.catch(() => undefined);
    return run.finally(() => {
      this.queued -= 1;
      if (this.queued === 0) this.stopWhenIdle();
    });
  }

  /** Ends the process (a read under way fails with ReaderStopped). */
  async stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.kill(child);
    await exited;
  }

  /** From here on the process is gone for new reads, even before its exit is heard. */
  private kill(child: ChildProcess): void {
    if (this.child === child) this.child = undefined;
    child.kill('SIGKILL');
  }

  private readNow(bytes: Uint8Array, mediaType: SniffedType, signal: AbortSignal | undefined): Promise<ReadDocument> {
    signal?.throwIfAborted();
    clearTimeout(this.idleTimer);
    const child = this.child ?? this.start();
    const { limits } = this.options;
    return new Promise<ReadDocument>((resolve, reject) => {
      const id = this.nextId++;
      const onAnswer = (answer: ReadAnswer) => {
        if (answer.id !== id) return;
        read.settle(() => {
          if (answer.outcome === 'read') resolve(answer.document);
          else if (answer.outcome === 'unreadable') reject(new UnreadableDocument(answer.reason));
          else reject(new Error(answer.message));
        });
      };
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) =>
        read.fail(this.exitFailure(code, exitSignal, read.stderr));
      const onAbort = () => {
        this.kill(child);
        read.fail(signal?.reason);
      };
      const timer = setTimeout(() => {
        this.kill(child);
        read.fail(new UnreadableDocument(READ_FAILURES.tooSlow(limits.readTimeoutMs)));
      }, limits.readTimeoutMs);
      const read: Read = {
        stderr: '',
        fail: (error) => read.settle(() => reject(error)),
        settle: (outcome) => {
          if (this.current !== read) return;
          this.current = undefined;
          clearTimeout(timer);
          child.off('message', onAnswer);
          child.off('exit', onExit);
          signal?.removeEventListener('abort', onAbort);
          outcome();
        },
      };
      this.current = read;
      child.on('message', onAnswer);
      child.once('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      const request: ReadRequest = {
        id,
        bytes,
        mediaType,
        limits: { maxPages: limits.maxPages, maxChunks: limits.maxChunks, maxImagePixels: limits.maxImagePixels },
      };
      // A process that died meanwhile cannot take it: its exit (heard above) fails the read.
      child.send(request, (error) => {
        if (error) this.options.log.warn({ err: error }, 'document reader: the request did not reach the process');
      });
    });
  }

  private start(): ChildProcess {
    const child = fork(READER_ENTRY, [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx', `--max-old-space-size=${this.options.limits.readerMemoryMb}`],
      env: Object.fromEntries(READER_ENV.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // Reading (OCR above all) takes whole cores for seconds: the server's own work goes first.
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, READER_NICENESS);
      } catch (error) {
        this.options.log.debug({ err: error }, 'document reader: could not lower its priority');
      }
    }
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (this.current) this.current.stderr = (this.current.stderr + text).slice(-STDERR_TAIL_CHARS);
      this.options.log.debug({ stderr: text.trimEnd() }, 'document reader wrote to stderr');
    });
    // A process that could not start (or be signalled) says so here, and may never exit.
    child.on('error', (error) => {
      this.options.log.error({ err: error }, 'document reader: process error');
      this.current?.fail(new ReaderStopped(`the document reader failed: ${error.message}`));
    });
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    this.child = child;
    return child;
  }

  /** Why the process ended mid-read: out of heap is the file's doing; anything else may pass. */
  private exitFailure(code: number | null, signal: NodeJS.Signals | null, stderr: string): Error {
    if (OUT_OF_MEMORY.test(stderr)) return new UnreadableDocument(READ_FAILURES.tooMuchMemory);
    const how = signal ? `was killed (${signal})` : `exited (code ${code})`;
    return new ReaderStopped(`the document reader ${how} before it finished.`);
  }

  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.stop(), this.options.idleMs ?? READER_IDLE_MS);
    this.idleTimer.unref();
  }
}

/**
 * One reader per ingestion job that may run at once (the ingestion lane's concurrency): a read goes
 * to the reader with the fewest reads waiting.
 */
export class DocumentReaders {
  readonly readers: DocumentReader[];

  constructor(count: number, options: DocumentReaderOptions) {
    this.readers = Array.from({ length: Math.max(1, count) }, () => new DocumentReader(options));
  }

  read(bytes: Uint8Array, mediaType: SniffedType, signal?: AbortSignal): Promise<ReadDocument> {
    const reader = this.readers.reduce((least, next) => (next.load < least.load ? next : least));
    return reader.read(bytes, mediaType, signal);
  }

  async stop(): Promise<void> {
    await Promise.all(this.readers.map((reader) => reader.stop()));
  }
}
