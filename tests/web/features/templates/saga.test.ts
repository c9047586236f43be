import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { TEMPLATE_ERRORS, type Template } from '../../../../contract';
import { ApiError } from '../../../../src/api/client';
import { templatesApi } from '../../../../src/api/templates';
import { requireAccessToken } from '../../../../src/features/auth/session';
import { templateReplySent } from '../../../../src/features/live/inboxEvents';
import { createTemplate, reloadTemplates, sendTemplate, TEMPLATE_TEXTS } from '../../../../src/features/templates/saga';
import templatesSlice, {
  initialTemplatesState,
  templateCreated,
  templateCreateFailed,
  templateSendFailed,
  templateSendSubmitted,
  templatesLoaded,
  templateSent,
  templateSubmitted,
} from '../../../../src/features/templates/slice';
import { toastShown } from '../../../../src/features/toasts/slice';
import { aMessage } from '../../support/fixtures/inbox';

const TOKEN = 'access-token';
const orderUpdate: Template = {
  id: 7,
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  status: 'PENDING',
  rejected_reason: null,
  body: 'Hello {{1}}, your order {{2}} is ready.',
  header: null,
  buttons: [],
  body_variables: 2,
  header_variables: 0,
};
const submission = {
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  body: orderUpdate.body,
  header: null,
  buttons: [],
};
const token: StaticProvider = [matchers.call.fn(requireAccessToken), TOKEN];

describe('the templates state', () => {
  it('takes one submission at a time and ignores a result nobody waits for', () => {
    let state = templatesSlice.reducer(undefined, templateCreated(orderUpdate));
    expect(state.list).toEqual([]);
    state = templatesSlice.reducer(state, templateSubmitted(submission));
    state = templatesSlice.reducer(state, templateCreateFailed({ message: 'Name taken', field: 'name' }));
    expect(state.create).toMatchObject({ status: 'failed', refusal: { field: 'name' } });
    state = templatesSlice.reducer(state, templateSubmitted(submission));
    state = templatesSlice.reducer(state, templateCreated(orderUpdate));
    expect(state.create).toEqual({ status: 'idle', refusal: null, created: 1 });
    expect(state.list).toEqual([orderUpdate]);
  });
});

describe('createTemplate', () => {
  it('submits the template, lists it and says WhatsApp reviews it', () =>
    expectSaga(createTemplate, templateSubmitted(submission))
      .provide([token, [matchers.call(templatesApi.create, TOKEN, submission), orderUpdate]])
      .put(templateCreated(orderUpdate))
      .put.like({
        action: {
          type: toastShown.type,
          payload: { title: TEMPLATE_TEXTS.created, description: TEMPLATE_TEXTS.createdDescription },
        },
      })
      .run());

  it('hands the form the field the API blamed', () =>
    expectSaga(createTemplate, templateSubmitted(submission))
      .provide([
        token,
        [
          matchers.call.fn(templatesApi.create),
          throwError(new ApiError('A template with this name exists.', 409, 'template_name_taken', 'name')),
        ],
      ])
      .put(templateCreateFailed({ message: 'A template with this name exists.', field: 'name' }))
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
      .put(templateSent())
      .put(templateReplySent({ conversationId: '15550100@c.us', message }))
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
      .not.put(templateSent())
      .run());
});

describe('reloadTemplates', () => {
  it('reads the list again after a review once the list was shown', () =>
    expectSaga(reloadTemplates)
      .withState({ templates: { ...initialTemplatesState, status: 'loaded', list: [orderUpdate] } })
      .provide([token, [matchers.call(templatesApi.list, TOKEN), [{ ...orderUpdate, status: 'APPROVED' }]]])
      .put(templatesLoaded([{ ...orderUpdate, status: 'APPROVED' }]))
      .run());

  it('reads nothing while no list was asked for', () =>
    expectSaga(reloadTemplates)
      .withState({ templates: initialTemplatesState })
      .provide([token])
      .not.call.fn(templatesApi.list)
      .run());
});
