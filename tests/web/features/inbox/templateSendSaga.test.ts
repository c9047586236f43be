import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { TEMPLATE_ERRORS, type Template } from '../../../../contract';
import { ApiError } from '../../../../src/api/client';
import { templatesApi } from '../../../../src/api/templates';
import { requireAccessToken } from '../../../../src/features/auth/session';
import {
  loadTemplateChoices,
  reloadTemplateChoices,
  sendTemplate,
  TEMPLATE_SEND_TEXTS,
} from '../../../../src/features/inbox/templateSendSaga';
import { selectApprovedTemplates } from '../../../../src/features/inbox/templateSendSelectors';
import templateSendSlice, {
  initialTemplateSendState,
  templateChoicesLoaded,
  templateChoicesLoadFailed,
  templateDialogOpened,
  templateSendFailed,
  templateSendSubmitted,
  templateSent,
} from '../../../../src/features/inbox/templateSendSlice';
import { toastShown } from '../../../../src/features/toasts/slice';
import { aMessage } from '../../support/fixtures/inbox';

const TOKEN = 'access-token';
const orderUpdate: Template = {
  id: 7,
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  status: 'APPROVED',
  rejected_reason: null,
  body: 'Hello {{1}}, your order {{2}} is ready.',
  header: null,
  buttons: [],
  body_variables: 2,
  header_variables: 0,
};
const inReview: Template = { ...orderUpdate, id: 8, name: 'promo', status: 'PENDING' };
const token: StaticProvider = [matchers.call.fn(requireAccessToken), TOKEN];
const reducer = templateSendSlice.reducer;

describe('the template send state', () => {
  it('offers only the approved templates the dialog read', () => {
    let state = reducer(undefined, templateDialogOpened());
    expect(state.choices.status).toBe('loading');
    state = reducer(state, templateChoicesLoaded([orderUpdate, inReview]));
    expect(selectApprovedTemplates({ templateSend: state })).toEqual([orderUpdate]);
  });

  it('ignores a failed read nobody waits for', () => {
    const state = reducer(undefined, templateChoicesLoadFailed({ message: 'Down' }));
    expect(state.choices).toEqual(initialTemplateSendState.choices);
  });

  it('takes one send at a time and ignores a result nobody waits for', () => {
    const sentMessage = { conversationId: '15550100@c.us', message: aMessage({ id: 'wamid.t', is_from_us: true }) };
    const submission = { conversationId: '15550100@c.us', templateId: 7, bodyValues: ['Grace'], headerValues: [] };
    let state = reducer(undefined, templateSent(sentMessage));
    expect(state.send).toEqual({ status: 'idle', refusal: null, sent: 0 });
    state = reducer(state, templateSendSubmitted(submission));
    state = reducer(state, templateSendFailed({ message: 'Refused', field: 'body_values' }));
    expect(state.send).toMatchObject({ status: 'failed', refusal: { field: 'body_values' } });
    state = reducer(state, templateSendSubmitted(submission));
    state = reducer(state, templateSent(sentMessage));
    expect(state.send).toEqual({ status: 'idle', refusal: null, sent: 1 });
  });
});

describe('loadTemplateChoices', () => {
  it('reads the templates from WhatsApp when the dialog opens', () =>
    expectSaga(loadTemplateChoices)
      .provide([token, [matchers.call(templatesApi.sync, TOKEN), [orderUpdate, inReview]]])
      .put(templateChoicesLoaded([orderUpdate, inReview]))
      .run());

  it('says why the templates could not be read', () =>
    expectSaga(loadTemplateChoices)
      .provide([token, [matchers.call.fn(templatesApi.sync), throwError(new Error('Network down'))]])
      .put(templateChoicesLoadFailed({ message: 'Network down' }))
      .run());
});

describe('sendTemplate', () => {
  const send = templateSendSubmitted({
    conversationId: '15550100@c.us',
    templateId: 7,
    bodyValues: ['Grace', 'A-1'],
    headerValues: [],
  });
  const message = aMessage({ id: 'wamid.t', body: 'Hello Grace, your order A-1 is ready.', is_from_us: true });

  it('sends with the values and shows the message in the conversation', () =>
    expectSaga(sendTemplate, send)
      .provide([
        token,
        [
          matchers.call(templatesApi.send, TOKEN, '15550100@c.us', { template_id: 7, body_values: ['Grace', 'A-1'] }),
          message,
        ],
      ])
      .put(templateSent({ conversationId: '15550100@c.us', message }))
      .put.like({ action: { type: toastShown.type, payload: { title: TEMPLATE_SEND_TEXTS.sent } } })
      .run());

  it('keeps the dialog open with the reason when the API refuses', () =>
    expectSaga(sendTemplate, send)
      .provide([
        token,
        [
          matchers.call.fn(templatesApi.send),
          throwError(new ApiError('Fill in all 2 values of the template.', 422, 'template_values', 'body_values')),
        ],
      ])
      .put(templateSendFailed({ message: 'Fill in all 2 values of the template.', field: 'body_values' }))
      .run());

  it('keeps the dialog open with the reason when the customer stopped marketing messages', () =>
    expectSaga(sendTemplate, send)
      .provide([
        token,
        [
          matchers.call.fn(templatesApi.send),
          throwError(new ApiError(TEMPLATE_ERRORS.marketingStopped, 409, 'customer_stopped_marketing', 'template_id')),
        ],
      ])
      .put(templateSendFailed({ message: TEMPLATE_ERRORS.marketingStopped, field: 'template_id' }))
      .not.put.actionType(templateSent.type)
      .run());
});

describe('reloadTemplateChoices', () => {
  it('reads the templates again after a review once the dialog showed them', () =>
    expectSaga(reloadTemplateChoices)
      .withState({
        templateSend: { ...initialTemplateSendState, choices: { status: 'loaded', list: [], error: null } },
      })
      .provide([token, [matchers.call(templatesApi.list, TOKEN), [orderUpdate]]])
      .put(templateChoicesLoaded([orderUpdate]))
      .run());

  it('reads nothing while the dialog never opened', () =>
    expectSaga(reloadTemplateChoices)
      .withState({ templateSend: initialTemplateSendState })
      .provide([token])
      .not.call.fn(templatesApi.list)
      .run());
});
