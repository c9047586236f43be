import { API_BASE_URL } from '../config';
import { readError } from './client';

/** The API's own prefix in the addresses it gives (a message's `media.url`). */
const SERVER_PREFIX = '/api/v1';

/** A file the API serves only with the owner's bearer token (a message's photo, voice note, file). */
export async function fetchMediaBlob(token: string, url: string, signal?: AbortSignal): Promise<Blob> {
  const address = url.startsWith(`${SERVER_PREFIX}/`) ? `${API_BASE_URL}${url.slice(SERVER_PREFIX.length)}` : url;
  const response = await fetch(address, { headers: { authorization: `Bearer ${token}` }, signal });
  if (!response.ok) throw await readError(response, { reading: 'messaging' });
  return response.blob();
}
