import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/api/client';
import { inboxApi } from '../../../../src/api/inbox';
import { toastShown } from '../../../../src/features/toasts/slice';
import { loadInboxSettings, saveInboxSettings } from '../../../../src/features/whatsapp/settingsSaga';
import inboxSettingsSlice, {
  INBOX_SETTINGS_TEXTS,
  inboxSettingsLoaded,
  inboxSettingsLoadFailed,
  inboxSettingsLoadStarted,
  inboxSettingsSaved,
  inboxSettingsSaveFailed,
  readReceiptsToggled,
  selectInboxSettings,
  type InboxSettingsState,
} from '../../../../src/features/whatsapp/settingsSlice';
import { whatsappPageClosed } from '../../../../src/features/whatsapp/slice';
import { stateAfter, testReducer } from '../../support/store';

const reducer = inboxSettingsSlice.reducer;
type Action = Parameters<typeof reducer>[1];
const reduce = (...actions: Action[]): InboxSettingsState =>
  actions.reduce(reducer, reducer(undefined, { type: '@@INIT' }));

const ON = { read_receipts: true };
const OFF = { read_receipts: false };
const loaded = [inboxSettingsLoadStarted(), inboxSettingsLoaded(ON)];

describe('the read-receipts setting', () => {
  it('shows the saved setting once loaded, and a failed load as failed', () => {
    expect(reduce(...loaded)).toEqual({ status: 'loaded', saved: ON, shown: ON, saving: false });
    expect(reduce(inboxSettingsLoadStarted(), inboxSettingsLoadFailed()).status).toBe('failed');
  });

  it('shows a change at once while it is saved, then keeps what the server saved', () => {
    const saving = reduce(...loaded, readReceiptsToggled(false));
    expect(saving).toMatchObject({ shown: OFF, saved: ON, saving: true });
    expect(reduce(...loaded, readReceiptsToggled(false), inboxSettingsSaved(OFF))).toEqual({
      status: 'loaded',
      saved: OFF,
      shown: OFF,
      saving: false,
    });
  });

  it('puts the saved value back when the save is refused', () => {
    expect(reduce(...loaded, readReceiptsToggled(false), inboxSettingsSaveFailed())).toMatchObject({
      shown: ON,
      saving: false,
    });
  });

  it('ignores a toggle before loading, to the value shown, or during a save, and a load that lands during one', () => {
    expect(reduce(inboxSettingsLoadStarted(), readReceiptsToggled(false)).saving).toBe(false);
    expect(reduce(...loaded, readReceiptsToggled(true)).saving).toBe(false);
    const during = reduce(...loaded, readReceiptsToggled(false), readReceiptsToggled(true), inboxSettingsLoaded(ON));
    expect(during).toMatchObject({ shown: OFF, saving: true });
  });

  it('forgets everything when the page closes', () => {
    expect(reduce(...loaded, whatsappPageClosed())).toEqual(reduce());
  });
});

describe('the read-receipts sagas', () => {
  it('loads the setting', async () => {
    const { storeState } = await expectSaga(loadInboxSettings)
      .withReducer(testReducer, stateAfter())
      .provide([[matchers.call.fn(inboxApi.settings), OFF]])
      .call(inboxApi.settings, 'token')
      .put(inboxSettingsLoaded(OFF))
      .run();
    expect(selectInboxSettings(storeState).shown).toEqual(OFF);
  });

  it('saves the switch as shown', async () => {
    await expectSaga(saveInboxSettings)
      .withReducer(testReducer, stateAfter(...loaded, readReceiptsToggled(false)))
      .provide([[matchers.call.fn(inboxApi.saveSettings), OFF]])
      .call(inboxApi.saveSettings, 'token', OFF)
      .put(inboxSettingsSaved(OFF))
      .run();
  });

  it('saves nothing for a toggle the machine ignored', async () => {
    await expectSaga(saveInboxSettings)
      .withReducer(testReducer, stateAfter(...loaded, readReceiptsToggled(true)))
      .provide([[matchers.call.fn(inboxApi.saveSettings), ON]])
      .not.call.fn(inboxApi.saveSettings)
      .run();
  });

  it('puts the switch back and says why when the save is refused', async () => {
    const { storeState } = await expectSaga(saveInboxSettings)
      .withReducer(testReducer, stateAfter(...loaded, readReceiptsToggled(false)))
      .provide([[matchers.call.fn(inboxApi.saveSettings), throwError(new ApiError('Database down', 500))]])
      .put(inboxSettingsSaveFailed())
      .put.like({
        action: {
          type: toastShown.type,
          payload: { title: INBOX_SETTINGS_TEXTS.saveFailed, variant: 'destructive' },
        },
      })
      .run();
    expect(selectInboxSettings(storeState).shown).toEqual(ON);
  });
});
