import { ApiError } from '../../../src/api/client';
import { whatsappApi } from '../../../src/api/whatsapp';
import { apiError, json, mockApi, requestsMade } from '../support/api-mock';

afterEach(() => jest.restoreAllMocks());

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The call did not fail');
}

describe('the WhatsApp calls', () => {
  it('sends the bearer token and the JSON body', async () => {
    const fetchMock = mockApi({
      'POST /whatsapp/exchange-token': () => json({ business_token: 'ref-1' }),
    });
    const body = { code: 'c0de', waba_id: 'w', phone_number_id: 'p', phone_number: 'TBD' };
    await expect(whatsappApi.exchangeToken('token-1', body)).resolves.toEqual({ business_token: 'ref-1' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ authorization: 'Bearer token-1', 'content-type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('accepts a save that answers without a body', async () => {
    const fetchMock = mockApi({ 'POST /whatsapp/embedded-signup': () => new Response(null, { status: 204 }) });
    await expect(
      whatsappApi.saveConnection('t', { waba_id: 'w', phone_number_id: 'p', phone_number: 'TBD', business_token: 'b' }),
    ).resolves.toBeUndefined();
    expect(requestsMade(fetchMock)).toEqual(['POST /whatsapp/embedded-signup']);
  });

  it.each([
    ['the detail of the body', () => apiError(409, 'Number already connected', 'conflict'), 'Number already connected'],
    ['a default for a body without detail', () => json({ code: 'x' }, 400), 'An unknown error occurred'],
    [
      'the status for a body that is not JSON',
      () => new Response('Bad gateway', { status: 502 }),
      'HTTP error! status: 502',
    ],
  ])('reads a failure from %s', async (_case, answer, message) => {
    mockApi({ 'DELETE /whatsapp/disconnect': answer });
    const error = await failureOf(whatsappApi.disconnect('t'));
    expect(error.message).toBe(message);
  });

  it('keeps the status of a 404 config, which means not connected', async () => {
    mockApi({ 'GET /whatsapp/config': () => apiError(404, 'WhatsApp is not connected', 'not_found') });
    expect((await failureOf(whatsappApi.config('t'))).status).toBe(404);
  });
});

describe('the business profile call', () => {
  const profileFails = (answer: () => Response) => {
    mockApi({ 'GET /whatsapp/profile': answer });
    return failureOf(whatsappApi.profile('t'));
  };

  it.each<[string, () => Response, string]>([
    [
      '404',
      () => apiError(404, 'gone', 'not_found'),
      'WhatsApp Business Account not found. Your phone numbers may have been removed.',
    ],
    [
      '401',
      () => apiError(401, 'token', 'unauthorized'),
      'WhatsApp access token expired. Please reconnect your account.',
    ],
    [
      'a 500 about an expired token',
      () => apiError(500, 'Access token is invalid or expired', 'graph_error'),
      'Connection issue: Access token is invalid or expired',
    ],
    [
      'a 500 about permissions',
      () => apiError(500, 'The app has insufficient permissions', 'graph_error'),
      'Connection issue: The app has insufficient permissions',
    ],
    [
      'a 500 about a missing phone number',
      () => apiError(500, 'Phone number not found', 'graph_error'),
      'Connection issue: Phone number not found',
    ],
    ['another 500', () => apiError(500, 'Graph is down', 'graph_error'), 'Graph is down'],
    ['a 500 without a body', () => new Response('', { status: 500 }), 'Failed to fetch business profile'],
    ['another failure', () => apiError(429, 'Slow down', 'rate_limited'), 'Slow down'],
  ])('explains a %s', async (_case, answer, message) => {
    expect((await profileFails(answer)).message).toBe(message);
  });

  it('explains a network failure', async () => {
    jest.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await failureOf(whatsappApi.profile('t'))).message).toBe('Network error while fetching business profile');
  });
});
