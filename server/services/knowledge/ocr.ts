import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { READ_FAILURES, UnreadableDocument } from './unreadable';

/** The English data installed with the app (@tesseract.js-data/eng): never fetched at run time. */
function englishData(): { langPath: string; gzip: boolean } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const data = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  return { langPath: data.langPath, gzip: data.gzip };
}

/** What tesseract answers for an image it cannot decode (a damaged file, not a reason to retry). */
const UNDECODABLE_IMAGE = /attempting to read image/i;

/**
 * One tesseract.js worker shared by every job of the process, created on first use and reused (its
 * start costs about a second). Recognitions run one after another on it. Without an `errorHandler`,
 * tesseract.js rethrows a failed job's error in its worker's message listener, where nothing can catch
 * it and the process exits; with one, the failure only rejects the recognition.
 */
export class OcrEngine {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly cacheDir = path.join(os.tmpdir(), 'threadline-ocr')) {}

  /** The text in an image file (PNG, JPEG, BMP …). */
  recognize(image: Buffer): Promise<string> {
    const next = this.queue.then(async () => {
      const worker = await this.start();
      try {
        return (await worker.recognize(image)).data.text;
      } catch (error) {
        if (UNDECODABLE_IMAGE.test(String(error))) throw new UnreadableDocument(READ_FAILURES.imageUnreadable);
        throw error instanceof Error ? error : new Error(String(error));
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => undefined))?.terminate();
  }

  private start(): Promise<Worker> {
    if (!this.worker) {
      fs.mkdirSync(this.cacheDir, { recursive: true });
      const { langPath, gzip } = englishData();
      this.worker = createWorker('eng', OEM.LSTM_ONLY, {
        langPath,
        gzip,
        cachePath: this.cacheDir,
        errorHandler: () => undefined,
      });
      this.worker.catch(() => {
        this.worker = undefined;
      });
    }
    return this.worker;
  }
}
