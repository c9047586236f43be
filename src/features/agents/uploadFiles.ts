import { nanoid } from '@reduxjs/toolkit';

/**
 * The chosen File objects, keyed by upload id. Files cannot live in the store (they are not
 * serialisable), so the store holds their facts and id, and the upload saga finds the bytes here.
 */
const files = new Map<string, File>();

export interface ChosenFile {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** Keeps the files for a later upload and answers what the store may hold of them. */
export function holdFiles(chosen: Iterable<File>): ChosenFile[] {
  return [...chosen].map((file) => {
    const id = nanoid();
    files.set(id, file);
    return { id, name: file.name, size: file.size, type: file.type };
  });
}

export const heldFile = (id: string): File | undefined => files.get(id);

/** Lets go of every file except those still waiting or on their way. */
export function keepOnlyFiles(ids: Iterable<string>) {
  const kept = new Set(ids);
  for (const id of files.keys()) if (!kept.has(id)) files.delete(id);
}
