import { useEffect, useState } from 'react';
import { fetchMediaBlob } from '../../api/media';
import { useAppSelector } from '../../store/hooks';
import { selectAccessToken } from '../auth/slice';

export type MediaUrlState =
  { status: 'loading'; src: null } | { status: 'failed'; src: null } | { status: 'ready'; src: string };

/**
 * A message's file as an object URL the page can show: the media route wants the bearer token,
 * which an <img src> cannot send, so the file is fetched, kept as a blob, and its URL revoked when
 * the bubble goes (or the file changes).
 */
export function useMediaUrl(url: string | null): MediaUrlState {
  const token = useAppSelector(selectAccessToken);
  const [state, setState] = useState<{ url: string | null; result: MediaUrlState }>({
    url: null,
    result: { status: 'loading', src: null },
  });

  useEffect(() => {
    if (!url || !token) return undefined;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    fetchMediaBlob(token, url, abort.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ url, result: { status: 'ready', src: objectUrl } });
      },
      () => {
        if (!abort.signal.aborted) setState({ url, result: { status: 'failed', src: null } });
      },
    );
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, token]);

  return state.url === url ? state.result : { status: 'loading', src: null };
}
