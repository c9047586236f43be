import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { all, call, cancelled, delay, put, race, select, take, takeEvery } from 'typed-redux-saga';
import { AGENT_LIMITS, AGENT_MESSAGES } from '../../../contract/agents';
import { startUpload, type UploadEvent, type UploadRequest } from '../../api/upload';
import { agentDetailClosed, documentsUploaded } from './detailSlice';
import { selectHeldUploadIds, selectUploadItems } from './selectors';
import { heldFile, keepOnlyFiles } from './uploadFiles';
import { uploadErrors } from './uploadRules';
import {
  filesAccepted,
  filesChosen,
  filesRejected,
  uploadBatchFinished,
  uploadBatchStarted,
  uploadCancelClicked,
  uploadCancelled,
  uploadFailed,
  uploadPageClosed,
  uploadProgressed,
  uploadRemoved,
  uploadsSubmitted,
  uploadSucceeded,
  type UploadSource,
} from './uploadsSlice';
import { toastShown } from '../toasts/slice';
import { navigateTo } from '../../store/navigation';
import { safely, type Subsaga } from '../../store/safely';
import { requireAccessToken } from '../auth/session';

/** SPEC.md §9: after a successful upload the page returns to the agent after 1.5 s. */
export const UPLOAD_REDIRECT_DELAY_MS = 1500;
/** SPEC.md §9: the upload page takes at most 10 files. */
export const UPLOAD_PAGE_MAX_FILES = AGENT_LIMITS.maxFiles;

/**
 * One file's transfer as a channel of its events. The buffer keeps every event that arrives while
 * the saga is busy putting the previous one, so the final answer is never lost; closing the channel
 * aborts the transfer.
 */
export function uploadChannel(request: UploadRequest): EventChannel<UploadEvent> {
  return eventChannel<UploadEvent>((emit) => startUpload(request, emit), buffers.expanding(8));
}

/** Uploads one held file; answers whether it was stored. Cancelling it aborts the request. */
export function* uploadOne(token: string, agentId: number, id: string) {
  const file = heldFile(id);
  if (!file) {
    yield* put(uploadFailed({ id, message: AGENT_MESSAGES.uploadFailedItem }));
    return { ok: false, message: null };
  }
  const channel = yield* call(uploadChannel, { token, agentId, file });
  try {
    for (;;) {
      const event = yield* take(channel);
      if (event.type === 'progressed') {
        yield* put(uploadProgressed({ id, percent: event.percent }));
      } else if (event.type === 'uploaded') {
        yield* put(uploadSucceeded({ id, document: event.document }));
        return { ok: true };
      } else {
        // SPEC.md §8: the file shows the server's reason, or 'Upload failed'.
        yield* put(uploadFailed({ id, message: event.message ?? AGENT_MESSAGES.uploadFailedItem }));
        return { ok: false, message: event.message };
      }
    }
  } finally {
    channel.close();
    if ((yield* cancelled()) as boolean) yield* put(uploadCancelled({ id }));
  }
}

export interface UploadOutcome {
  ok: boolean;
  /** A failure's reason from the server, or null when it gave none. */
  message?: string | null;
}

/** One file, unless its cancel button is clicked first (which aborts it); null when cancelled. */
export function* uploadOneUnlessCancelled(token: string, agentId: number, id: string): Subsaga<UploadOutcome | null> {
  const { done } = yield* race({
    done: call(uploadOne, token, agentId, id),
    cancel: take((action: unknown) => uploadCancelClicked.match(action) && action.payload.id === id),
  });
  return done ?? null;
}

/**
 * Sends every chosen file of one uploader at once (SPEC.md §7: in parallel), then tells the owner:
 * '{n} document(s) uploaded successfully' and/or 'Upload Failed'. The upload page goes back to the
 * agent after UPLOAD_REDIRECT_DELAY_MS when every file went through, on the Contexts tab, where the
 * documents' reading progress shows.
 */
export function* uploadBatch(agentId: number, source: UploadSource) {
  const items = yield* select(selectUploadItems);
  const ids = items
    .filter((item) => item.source === source && item.agentId === agentId && item.status === 'chosen')
    .map((item) => item.id);
  if (ids.length === 0) return;
  const token = yield* call(requireAccessToken);
  yield* put(uploadBatchStarted({ source, ids }));
  const outcomes = yield* all(ids.map((id) => call(uploadOneUnlessCancelled, token, agentId, id)));
  const succeeded = outcomes.filter((outcome) => outcome?.ok).length;
  const failures = outcomes.filter((outcome): outcome is UploadOutcome => outcome !== null && !outcome.ok);
  yield* put(uploadBatchFinished({ source, succeeded, failed: failures.length }));
  if (succeeded > 0) {
    yield* put(documentsUploaded({ agentId }));
    yield* put(toastShown({ title: AGENT_MESSAGES.uploaded(succeeded), variant: 'success' }));
  }
  if (failures.length > 0) {
    yield* put(
      toastShown({
        title: AGENT_MESSAGES.uploadFailedTitle,
        description: failures.find((failure) => failure.message)?.message ?? AGENT_MESSAGES.uploadFailedDefault,
        variant: 'destructive',
      }),
    );
  }
  if (source === 'page' && succeeded > 0 && failures.length === 0) {
    yield* delay(UPLOAD_REDIRECT_DELAY_MS);
    yield* call(navigateTo, `/agents/${agentId}?tab=contexts`);
  }
}

const isAgentId = (agentId: number) => Number.isInteger(agentId) && agentId > 0;

/** A batch lasts until it is done or its page closes (which aborts what is still on its way). */
export function* submitUploads(action: ReturnType<typeof uploadsSubmitted>) {
  const { agentId, source } = action.payload;
  if (!isAgentId(agentId)) {
    yield* put(toastShown({ title: 'Error', description: 'Agent ID not found', variant: 'destructive' }));
    return;
  }
  yield* race({
    batch: call(uploadBatch, agentId, source),
    closed: take(source === 'page' ? uploadPageClosed : agentDetailClosed),
  });
}

/**
 * SPEC.md §5 Upload files: if any file is invalid nothing is kept, and every error shows together (an
 * alert on the upload page, the 'Upload Errors' toast in Quick Upload, which sends at once).
 */
export function* checkChosenFiles(action: ReturnType<typeof filesChosen>) {
  const { agentId, source, files } = action.payload;
  const items = yield* select(selectUploadItems);
  const alreadyChosen = items.filter((item) => item.source === source).length;
  const errors = uploadErrors(files, source === 'page' ? { alreadyChosen, maxFiles: UPLOAD_PAGE_MAX_FILES } : {});
  if (errors.length > 0) {
    yield* put(filesRejected({ source, errors, files: files.length }));
    if (source === 'quick') {
      yield* put(
        toastShown({ title: AGENT_MESSAGES.uploadErrors, description: errors.join('\n'), variant: 'destructive' }),
      );
    }
    yield* call(releaseUnusedFiles);
    return;
  }
  yield* put(filesAccepted(action.payload));
  if (source === 'quick') yield* put(uploadsSubmitted({ agentId, source }));
}

/** Files that were rejected, removed, sent or cancelled no longer need their bytes kept. */
export function* releaseUnusedFiles() {
  const held = yield* select(selectHeldUploadIds);
  keepOnlyFiles(held);
}

/** Effects of the upload page and of Quick Upload. */
export function* watchUploads() {
  yield* takeEvery(filesChosen, safely(checkChosenFiles));
  // Each batch takes the files chosen before it; a second batch never cancels the first.
  yield* takeEvery(uploadsSubmitted, safely(submitUploads));
  yield* takeEvery(
    [uploadRemoved, uploadBatchFinished, uploadPageClosed, agentDetailClosed],
    safely(releaseUnusedFiles),
  );
}
