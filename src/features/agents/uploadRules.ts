import { AGENT_LIMITS } from '../../../contract/agents';

/** What the client knows of a chosen file before sending it. */
interface FileFacts {
  name: string;
  size: number;
  /** The browser's guess from the name; '' when it has none. */
  type: string;
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

const isAcceptedType = ({ name, type }: FileFacts) =>
  (AGENT_LIMITS.acceptedExtensions as readonly string[]).includes(extensionOf(name)) ||
  (AGENT_LIMITS.acceptedMediaTypes as readonly string[]).includes(type);

interface UploadLimits {
  /** How many files the uploader already holds. */
  alreadyChosen?: number;
  /** At most this many files in total (the upload page); unlimited when absent (quick upload). */
  maxFiles?: number;
}

/**
 * SPEC.md §5 Upload files: every error of every file, together; an empty list means all may go.
 * The server checks again, by the file's bytes.
 */
export function uploadErrors(files: readonly FileFacts[], { alreadyChosen = 0, maxFiles }: UploadLimits = {}) {
  const errors: string[] = [];
  if (maxFiles !== undefined && alreadyChosen + files.length > maxFiles) {
    errors.push(AGENT_LIMITS.tooManyFiles(maxFiles));
  }
  for (const file of files) {
    if (file.size > AGENT_LIMITS.maxFileSizeBytes) errors.push(AGENT_LIMITS.fileTooLarge(file.name));
    if (!isAcceptedType(file)) errors.push(AGENT_LIMITS.fileTypeNotSupported(file.name));
  }
  return errors;
}

/** The file input's `accept`: the extensions and types SPEC.md §9 lists. */
export const ACCEPTED_FILES = [
  ...AGENT_LIMITS.acceptedExtensions.map((extension) => `.${extension}`),
  ...AGENT_LIMITS.acceptedMediaTypes,
].join(',');
