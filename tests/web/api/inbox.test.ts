import { inboxApi } from '../../../src/api/inbox';
import { aConversation, aMessage } from '../support/fixtures/inbox';
import { json, mockApi } from '../support/api-mock';

afterEach(() => jest.restoreAllMocks());

const headersOf = (fetchMock: jest.SpyInstance, call = 0) =>
  (fetchMock.mock.calls[call] as [string, RequestInit])[1] as RequestInit & { headers: Record<string, string> };

describe('the polled inbox reads', () => {
  it('send the ETag of the page on screen, keep the browser cache out, and answer null for a 304', async () => {
    const fetchMock = mockApi({
      'GET /messages/conversations': () => new Response(null, { status: 304, headers: { etag: '"l1"' } }),
      'GET /messages/conversations/15550100%40c.us': () => new Response(null, { status: 304 }),
    });
    await expect(inboxApi.conversations('t', { limit: 50 }, '"l1"')).resolves.toBeNull();
    await expect(inboxApi.latestMessages('t', '15550100@c.us', 50, '"m1"')).resolves.toBeNull();
    expect(headersOf(fetchMock, 0)).toMatchObject({ cache: 'no-store', headers: { 'if-none-match': '"l1"' } });
    expect(headersOf(fetchMock, 1)).toMatchObject({ cache: 'no-store', headers: { 'if-none-match': '"m1"' } });
  });

  it('return a changed page with its ETag (and the list its next cursor)', async () => {
    const grace = aConversation({ id: '15550100@c.us' });
    const message = aMessage({ id: 'wamid.1' });
    mockApi({
      'GET /messages/conversations': () => json([grace], 200, { etag: '"l2"', 'x-next-cursor': 'c-2' }),
      'GET /messages/conversations/15550100%40c.us': () => json([message], 200, { etag: '"m2"' }),
    });
    await expect(inboxApi.conversations('t', {}, '"l1"')).resolves.toEqual({
      conversations: [grace],
      next: 'c-2',
      etag: '"l2"',
    });
    await expect(inboxApi.latestMessages('t', '15550100@c.us', 50)).resolves.toEqual({
      messages: [message],
      etag: '"m2"',
    });
  });

  it('read a failure as the messaging calls do', async () => {
    mockApi({ 'GET /messages/conversations': () => json({ detail: 'Not signed in.' }, 401) });
    await expect(inboxApi.conversations('t', {}, '"l1"')).rejects.toMatchObject({
      status: 401,
      message: 'Not signed in.',
    });
  });
});
