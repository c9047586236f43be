import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { AGENT_LIMITS, type DocumentItem } from '../../../../contract/agents';
import { API_BASE_URL } from '../../../../src/config';
import { documentsUploaded } from '../../../../src/features/agents/detailSlice';
import { heldFile, holdFiles } from '../../../../src/features/agents/uploadFiles';
import {
  filesAccepted,
  filesChosen,
  filesRejected,
  uploadBatchStarted,
  uploadCancelClicked,
  uploadCancelled,
  uploadFailed,
  uploadProgressed,
  uploadsSubmitted,
  uploadSucceeded,
  type UploadSource,
} from '../../../../src/features/agents/uploadsSlice';
import { toastShown, type ToastInput } from '../../../../src/features/toasts/slice';
import { navigateTo } from '../../../../src/store/navigation';
import {
  checkChosenFiles,
  UPLOAD_PAGE_MAX_FILES,
  UPLOAD_REDIRECT_DELAY_MS,
  uploadBatch,
  uploadOne,
  uploadOneUnlessCancelled,
} from '../../../../src/features/agents/uploadsSaga';
import type { RootState } from '../../../../src/store';
import { testReducer } from '../../support/store';
import { FakeXhr, fileOf, installFakeXhr } from '../../support/fake-xhr';
import { DELAY_FN, noDelays } from '../../support/saga-time';

installFakeXhr();
afterEach(() => jest.restoreAllMocks());

const AGENT_ID = 7;

const aDocument = (id: number, filename: string): DocumentItem => ({
  id,
  filename,
  media_type: 'application/pdf',
  size_bytes: 1234,
  status: 'processing',
  error: null,
  pages: null,
  chunks: 0,
  created_at: '2025-07-28T10:00:00.000Z',
  updated_at: '2025-07-28T10:00:00.000Z',
});

function signedInState(): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return { ...initial, auth: { ...initial.auth, status: 'authenticated', accessToken: 'tok' } };
}

/** The store with the owner signed in and `files` chosen in `source`. */
function stateWithFiles(source: UploadSource, ...files: File[]) {
  const chosen = holdFiles(files);
  return { state: testReducer(signedInState(), filesAccepted({ agentId: AGENT_ID, source, files: chosen })), chosen };
}

/** The same, with the files already on their way (as uploadBatch leaves them). */
function stateWithUploads(...files: File[]) {
  const { state, chosen } = stateWithFiles('page', ...files);
  const ids = chosen.map((file) => file.id);
  return { state: testReducer(state, uploadBatchStarted({ source: 'page', ids })), chosen };
}

const toast = ({ variant = 'default', ...rest }: ToastInput) => ({
  action: { type: toastShown.type, payload: { variant, ...rest } },
});

/** Runs a saga against a real store, so that a test can dispatch events to it at any moment. */
function runWithStore(state: RootState, saga: () => Generator) {
  const store = configureStore({ reducer: testReducer, preloadedState: state });
  const channel = stdChannel();
  const actions: UnknownAction[] = [];
  const dispatch = (action: UnknownAction) => {
    actions.push(action);
    store.dispatch(action);
    channel.put(action);
    return action;
  };
  const task = runSaga({ channel, dispatch, getState: store.getState }, saga);
  return { task, dispatch, store, actions };
}

describe('one upload over XMLHttpRequest', () => {
  it('reports the real upload progress from the browser, then the stored document', async () => {
    const { state, chosen } = stateWithUploads(fileOf('guide.pdf', 4000));
    const id = chosen[0].id;
    const document = aDocument(1, 'guide.pdf');
    const run = expectSaga(uploadOne, 'tok', AGENT_ID, id).withReducer(testReducer, state).run();

    const [xhr] = FakeXhr.made;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${API_BASE_URL}/documents/upload/context?agent_id=7`);
    expect(xhr.headers.authorization).toBe('Bearer tok');
    expect(((xhr.body as FormData).get('file') as File).name).toBe('guide.pdf');

    xhr.progress(1000, 4000);
    xhr.progress(3000, 4000);
    xhr.progress(4000, 4000);
    xhr.respond(201, document);
    const { effects, storeState, returnValue } = await run;

    const progress = (effects.put ?? [])
      .map((effect) => effect.payload.action)
      .filter((action) => uploadProgressed.match(action))
      .map((action) => action.payload.percent);
    // The bytes have all left at 100 %, but the bar waits for the server's answer.
    expect(progress).toEqual([25, 75, 99]);
    expect(returnValue).toEqual({ ok: true });
    expect(storeState.agentUploads.items.entities[id]).toMatchObject({ status: 'success', progress: 100 });
  });

  it('ends with the server’s reason when the upload is refused', async () => {
    const { state, chosen } = stateWithUploads(fileOf('huge.pdf'));
    const id = chosen[0].id;
    const reason = AGENT_LIMITS.fileTooLarge('huge.pdf');
    const run = expectSaga(uploadOne, 'tok', AGENT_ID, id)
      .withReducer(testReducer, state)
      .put(uploadFailed({ id, message: reason }))
      .not.put.actionType(uploadSucceeded.type)
      .run();
    FakeXhr.made[0].respond(413, { detail: reason, message: reason, code: 'file_too_large' });
    const { storeState, returnValue } = await run;
    expect(returnValue).toEqual({ ok: false, message: reason });
    expect(storeState.agentUploads.items.entities[id]).toMatchObject({ status: 'error', error: reason });
  });

  it('says "Upload failed" when the network fails', async () => {
    const { state, chosen } = stateWithUploads(fileOf('a.txt', 5, 'text/plain'));
    const run = expectSaga(uploadOne, 'tok', AGENT_ID, chosen[0].id).withReducer(testReducer, state).run();
    FakeXhr.made[0].onerror?.();
    const { returnValue, storeState } = await run;
    expect(returnValue).toEqual({ ok: false, message: null });
    expect(storeState.agentUploads.items.entities[chosen[0].id]).toMatchObject({ error: 'Upload failed' });
  });

  it('aborts the request when the owner cancels it, and only then', async () => {
    const { state, chosen } = stateWithUploads(fileOf('slow.pdf', 1000));
    const id = chosen[0].id;
    const { task, dispatch, store, actions } = runWithStore(state, () => uploadOneUnlessCancelled('tok', AGENT_ID, id));
    const [xhr] = FakeXhr.made;
    xhr.progress(100, 1000);
    dispatch(uploadCancelClicked({ id: 'another-file' }));
    expect(xhr.abort).not.toHaveBeenCalled();

    dispatch(uploadCancelClicked({ id }));
    expect(await task.toPromise()).toBeNull();
    expect(xhr.abort).toHaveBeenCalledTimes(1);
    expect(actions).toContainEqual(uploadCancelled({ id }));
    expect(store.getState().agentUploads.items.ids).not.toContain(id);
    // A late answer of the aborted request changes nothing.
    xhr.respond(201, aDocument(9, 'slow.pdf'));
    expect(actions.filter((action) => uploadSucceeded.match(action))).toEqual([]);
  });
});

describe('a batch of uploads', () => {
  it('sends every file at once and tells the owner what worked and what did not', async () => {
    const { state, chosen } = stateWithFiles('page', fileOf('good.pdf'), fileOf('fake.png', 10, 'image/png'));
    const refused = AGENT_LIMITS.fileTypeNotSupported('fake.png');
    const run = expectSaga(uploadBatch, AGENT_ID, 'page')
      .withReducer(testReducer, state)
      .provide([noDelays])
      .put(documentsUploaded({ agentId: AGENT_ID }))
      .put.like(toast({ title: '1 document(s) uploaded successfully', variant: 'success' }))
      .put.like(toast({ title: 'Upload Failed', description: refused, variant: 'destructive' }))
      .not.call.fn(navigateTo)
      .run();

    // Both requests are on their way before either is answered.
    expect(FakeXhr.made).toHaveLength(2);
    const [good, fake] = FakeXhr.made;
    fake.progress(5, 10);
    good.respond(201, aDocument(1, 'good.pdf'));
    fake.respond(415, { detail: refused, message: refused, code: 'unsupported_media_type' });
    const { storeState } = await run;

    const items = storeState.agentUploads.items.entities;
    expect(items[chosen[0].id]).toMatchObject({ status: 'success', progress: 100, error: null });
    expect(items[chosen[1].id]).toMatchObject({ status: 'error', progress: 50, error: refused });
    expect(storeState.agentUploads.busy.page).toBe(false);
  });

  it('goes back to the agent 1.5 s after every file of the upload page went through', async () => {
    const { state } = stateWithFiles('page', fileOf('a.pdf'), fileOf('b.txt', 3, 'text/plain'));
    const run = expectSaga(uploadBatch, AGENT_ID, 'page')
      .withReducer(testReducer, state)
      .provide([noDelays, [matchers.call.fn(navigateTo), null]])
      .put.like(toast({ title: '2 document(s) uploaded successfully', variant: 'success' }))
      .not.put.like(toast({ title: 'Upload Failed' }))
      .call(DELAY_FN, UPLOAD_REDIRECT_DELAY_MS)
      .call(navigateTo, '/agents/7?tab=contexts')
      .run();
    FakeXhr.made.forEach((xhr, index) => xhr.respond(201, aDocument(index + 1, `doc-${index}`)));
    await run;
  });

  it('stays on the agent page after a quick upload', async () => {
    const { state } = stateWithFiles('quick', fileOf('a.pdf'));
    const run = expectSaga(uploadBatch, AGENT_ID, 'quick')
      .withReducer(testReducer, state)
      .provide([noDelays])
      .put(documentsUploaded({ agentId: AGENT_ID }))
      .not.call.fn(navigateTo)
      .run();
    FakeXhr.made[0].respond(201, aDocument(1, 'a.pdf'));
    await run;
  });

  it('falls back to "Failed to upload documents" when the server gives no reason', async () => {
    const { state } = stateWithFiles('quick', fileOf('a.pdf'));
    const run = expectSaga(uploadBatch, AGENT_ID, 'quick')
      .withReducer(testReducer, state)
      .put.like(toast({ title: 'Upload Failed', description: 'Failed to upload documents', variant: 'destructive' }))
      .not.put.actionType(documentsUploaded.type)
      .run();
    FakeXhr.made[0].respond(500, {});
    await run;
  });
});

describe('checking the chosen files', () => {
  const facts = (name: string, size: number, type: string) => ({ id: `id-${name}`, name, size, type });
  const tooBig = facts('big.pdf', AGENT_LIMITS.maxFileSizeBytes + 1, 'application/pdf');
  const program = facts('setup.exe', 100, 'application/x-msdownload');
  const fine = facts('notes.txt', 100, 'text/plain');

  it('keeps nothing and shows every error together when any file is invalid', async () => {
    const { storeState } = await expectSaga(
      checkChosenFiles,
      filesChosen({ agentId: AGENT_ID, source: 'page', files: [fine, tooBig, program] }),
    )
      .withReducer(testReducer, signedInState())
      .put(
        filesRejected({
          source: 'page',
          errors: [
            'big.pdf: File size must be less than 25MB',
            'setup.exe: File type not supported. Please upload PDF, TXT, JPG, or PNG files only.',
          ],
          files: 3,
        }),
      )
      .not.put.actionType(filesAccepted.type)
      .not.put.actionType(toastShown.type)
      .run();
    expect(storeState.agentUploads.items.ids).toEqual([]);
    expect(storeState.agentUploads.pageErrors).toHaveLength(2);
  });

  it(`allows at most ${UPLOAD_PAGE_MAX_FILES} files on the upload page, counting those already chosen`, async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => facts(`f${index}.pdf`, 10, 'application/pdf'));
    await expectSaga(checkChosenFiles, filesChosen({ agentId: AGENT_ID, source: 'page', files: eleven }))
      .withReducer(testReducer, signedInState())
      .put(filesRejected({ source: 'page', errors: ['Maximum 10 files allowed'], files: 11 }))
      .run();

    const { state } = stateWithFiles('page', ...Array.from({ length: 9 }, (_, index) => fileOf(`c${index}.pdf`)));
    await expectSaga(checkChosenFiles, filesChosen({ agentId: AGENT_ID, source: 'page', files: [fine, fine] }))
      .withReducer(testReducer, state)
      .put(filesRejected({ source: 'page', errors: ['Maximum 10 files allowed'], files: 2 }))
      .run();
  });

  it('accepts every valid file by its extension or its type', async () => {
    const files = [
      facts('a.PDF', 10, ''),
      facts('b.jpeg', 10, 'image/jpeg'),
      facts('c.jpg', 10, ''),
      facts('d.png', 10, 'image/png'),
      facts('README', 10, 'text/plain'),
    ];
    await expectSaga(checkChosenFiles, filesChosen({ agentId: AGENT_ID, source: 'page', files }))
      .withReducer(testReducer, signedInState())
      .put(filesAccepted({ agentId: AGENT_ID, source: 'page', files }))
      .run();
  });

  it('shows the "Upload Errors" toast in Quick Upload, and sends valid files at once', async () => {
    await expectSaga(checkChosenFiles, filesChosen({ agentId: AGENT_ID, source: 'quick', files: [tooBig, fine] }))
      .withReducer(testReducer, signedInState())
      .put.like(
        toast({
          title: 'Upload Errors',
          description: 'big.pdf: File size must be less than 25MB',
          variant: 'destructive',
        }),
      )
      .not.put.actionType(filesAccepted.type)
      .run();
    await expectSaga(checkChosenFiles, filesChosen({ agentId: AGENT_ID, source: 'quick', files: [fine] }))
      .withReducer(testReducer, signedInState())
      .put(filesAccepted({ agentId: AGENT_ID, source: 'quick', files: [fine] }))
      .put(uploadsSubmitted({ agentId: AGENT_ID, source: 'quick' }))
      .run();
  });

  it('lets go of the bytes of rejected files', async () => {
    const [held] = holdFiles([fileOf('keep-out.exe', 10, 'application/x-msdownload') as File]);
    expect(heldFile(held.id)).toBeDefined();
    await expectSaga(checkChosenFiles, filesChosen({ agentId: AGENT_ID, source: 'page', files: [held] }))
      .withReducer(testReducer, signedInState())
      .run();
    expect(heldFile(held.id)).toBeUndefined();
  });
});
