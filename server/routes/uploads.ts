import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { AGENT_LIMITS } from '../../contract';
import type { RateLimit } from '../config';
import { AppError, TooManyRequests, ValidationFailed } from '../errors';
import { durationText } from '../services/rate-limit';
import { sniffMediaType } from '../services/knowledge/sniff';
import type { UploadedFile } from '../services/knowledge/documents';

export const UPLOAD_ERRORS = {
  fileRequired: 'Please choose a file to upload.',
  emptyFile: (filename: string) => `${filename}: The file is empty.`,
  oneFilePerRequest: 'Please upload one file per request; this one carries more.',
  notWhole: 'The file did not arrive whole; send it again.',
  tooManyUploads: (limit: RateLimit, retryAfterSeconds: number) =>
    `You can upload at most ${limit.max} files every ${durationText(limit.windowSeconds)}. ` +
    `Please try again in ${durationText(retryAfterSeconds)}.`,
} as const;

const MAX_FILENAME_LENGTH = 255;

export class UnsupportedFileType extends AppError {
  constructor(filename: string) {
    super(415, 'unsupported_file_type', AGENT_LIMITS.fileTypeNotSupported(filename), 'file');
  }
}

export class FileTooLarge extends AppError {
  constructor(filename: string) {
    super(413, 'file_too_large', AGENT_LIMITS.fileTooLarge(filename), 'file');
  }
}

export class TooManyFiles extends AppError {
  constructor() {
    super(413, 'too_many_files', UPLOAD_ERRORS.oneFilePerRequest, 'file');
  }
}

/** The 429 of the per-owner upload rate, naming the limit. */
export function tooManyUploads(limit: RateLimit): (retryAfterSeconds: number) => TooManyRequests {
  return (retryAfterSeconds) =>
    new TooManyRequests(UPLOAD_ERRORS.tooManyUploads(limit, retryAfterSeconds), retryAfterSeconds);
}

/** The name as the owner sees it: no folders, no control characters, bounded. */
export function displayFilename(raw: string | undefined): string {
  const name = path
    .basename((raw ?? '').replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, MAX_FILENAME_LENGTH);
  return name || 'file';
}

/**
 * Reads a file part, counting bytes as they stream in: past the cap the parser stops handing bytes
 * over (`truncated`), so no more than 25 MB is ever held. The type comes from the bytes, never from
 * the name or the declared content type.
 */
async function readFile(part: MultipartFile): Promise<UploadedFile> {
  if (part.fieldname !== 'file') throw new ValidationFailed(UPLOAD_ERRORS.fileRequired, 'file');
  const filename = displayFilename(part.filename);
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > AGENT_LIMITS.maxFileSizeBytes) tooLarge = true;
    if (!tooLarge) chunks.push(chunk);
  }
  if (tooLarge || part.file.truncated) throw new FileTooLarge(filename);
  if (size === 0) throw new ValidationFailed(UPLOAD_ERRORS.emptyFile(filename), 'file', 'empty_file');
  const bytes = Buffer.concat(chunks, size);
  const mediaType = sniffMediaType(bytes);
  if (!mediaType) throw new UnsupportedFileType(filename);
  return { filename, mediaType, bytes };
}

/**
 * What reading a multipart body threw, as the sender should hear it: our own refusals and the
 * parser's limits keep their status, a second file is "one per request", and a body cut short or
 * malformed is the sender's mistake, not ours (never a 500).
 */
export function uploadFailure(error: unknown): unknown {
  if ((error as { code?: string }).code === 'FST_FILES_LIMIT') return new TooManyFiles();
  if ((error as { statusCode?: number }).statusCode) return error;
  return new ValidationFailed(UPLOAD_ERRORS.notWhole, 'file', 'upload_incomplete');
}

/**
 * The request's one file. The parser takes one file only (`limits.files`); a second one ends the
 * iteration with its files-limit error, which refuses the whole request rather than dropping it.
 */
export async function readUpload(files: AsyncIterable<MultipartFile>): Promise<UploadedFile> {
  let upload: UploadedFile | undefined;
  try {
    for await (const part of files) {
      if (upload) throw new TooManyFiles();
      upload = await readFile(part);
    }
  } catch (error) {
    throw uploadFailure(error);
  }
  if (!upload) throw new ValidationFailed(UPLOAD_ERRORS.fileRequired, 'file');
  return upload;
}
