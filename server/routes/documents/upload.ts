import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { AGENT_LIMITS } from '../../../contract';
import { AppError, ValidationFailed } from '../../errors';
import { sniffMediaType } from '../../services/knowledge/sniff';
import type { UploadedFile } from '../../services/knowledge/documents';

export const UPLOAD_ERRORS = {
  fileRequired: 'Please choose a file to upload.',
  emptyFile: (filename: string) => `${filename}: The file is empty.`,
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
 * Reads the upload's one file, counting bytes as they stream in: past the cap the parser stops
 * handing bytes over (`truncated`), so no more than 25 MB is ever held. The type comes from the
 * bytes, never from the name or the declared content type.
 */
export async function readUpload(part: MultipartFile | undefined): Promise<UploadedFile> {
  if (!part || part.fieldname !== 'file') throw new ValidationFailed(UPLOAD_ERRORS.fileRequired, 'file');
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
