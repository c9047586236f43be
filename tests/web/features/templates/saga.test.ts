import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import type { Template } from '../../../../contract';
import { ApiError } from '../../../../src/api/client';
import { templatesApi } from '../../../../src/api/templates';
import { requireAccessToken } from '../../../../src/features/auth/session';
import { createTemplate, reloadTemplates, TEMPLATE_TEXTS } from '../../../../src/features/templates/saga';
import templatesSlice, {
  initialTemplatesState,
  templateCreated,
  templateCreateFailed,
  templatesLoaded,
  templateSubmitted,
} from '../../../../src/features/templates/slice';
import { toastShown } from '../../../../src/features/toasts/slice';

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
