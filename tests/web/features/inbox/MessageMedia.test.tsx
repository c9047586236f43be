import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageMedia } from '../../../../contract';
import { MEDIA_TEXTS } from '../../../../src/features/inbox/MessageMedia';
import { apiError, json, mockApi, requestsMade } from '../../support/api-mock';
import { aConversation, aMessage, ago, messagesPath } from '../../support/fixtures/inbox';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

const grace = aConversation({ window_closes_at: new Date(Date.now() + 3_600_000 * 5).toISOString() });
const fileUrl = (wamid: string) => `/api/v1/messages/conversations/15550100%40c.us/media/${wamid}`;

function media(overrides: Partial<MessageMedia>): MessageMedia {
  return {
    kind: 'image',
    status: 'ready',
    mime_type: 'image/jpeg',
    size_bytes: 2_500_000,
    filename: null,
    caption: null,
    duration_seconds: null,
    voice: false,
    url: null,
    failure: null,
    location: null,
    transcript: null,
    ...overrides,
  };
}

const withMedia = (id: string, item: Partial<MessageMedia>, seconds: number) =>
  aMessage({ id, body: `[${item.kind}]`, timestamp: ago(seconds), media: media({ url: fileUrl(id), ...item }) });

const messages = [
  withMedia('wamid.photo', { kind: 'image', caption: 'The blue one' }, 600),
  withMedia(
    'wamid.voice',
    { kind: 'audio', mime_type: 'audio/ogg', voice: true, transcript: 'Is the shop open on Sunday?' },
    500,
  ),
  withMedia('wamid.video', { kind: 'video', mime_type: 'video/mp4' }, 450),
  withMedia('wamid.doc', { kind: 'document', mime_type: 'application/pdf', filename: 'invoice.pdf' }, 400),
  withMedia('wamid.sticker', { kind: 'sticker', mime_type: 'image/webp', size_bytes: 20_000 }, 350),
  withMedia(
    'wamid.place',
    {
      kind: 'location',
      url: null,
      mime_type: null,
      location: { latitude: 52.52, longitude: 13.405, name: 'Alexanderplatz', address: '10178 Berlin' },
    },
    300,
  ),
  withMedia('wamid.pending', { kind: 'image', status: 'pending', url: null }, 200),
  withMedia(
    'wamid.failed',
    { kind: 'video', status: 'failed', url: null, failure: 'The video is larger than 16 MB.' },
    100,
  ),
  withMedia('wamid.broken', { kind: 'image' }, 50),
];

let created = 0;
const revoked: string[] = [];

beforeEach(() => {
  created = 0;
  revoked.length = 0;
  Object.assign(URL, {
    createObjectURL: () => `blob:file-${++created}`,
    revokeObjectURL: (url: string) => revoked.push(url),
  });
});
afterEach(() => jest.restoreAllMocks());

function openChat() {
  const file = () => new Response(new Blob(['bytes'], { type: 'application/octet-stream' }), { status: 200 });
  const fetchMock = mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/conversations?limit=50': () => json([grace]),
    'GET /messages/conversations': () => json([grace]),
    [`GET ${messagesPath(grace.id)}`]: () => json(messages),
    ...Object.fromEntries(
      ['photo', 'voice', 'video', 'doc', 'sticker'].map((name) => [
        `GET /messages/conversations/15550100%40c.us/media/wamid.${name}`,
        file,
      ]),
    ),
    'GET /messages/conversations/15550100%40c.us/media/wamid.broken': () =>
      apiError(404, 'This message has no file to show.', 'not_found'),
  });
  const view = renderApp('/messages', signedInState());
  return { fetchMock, ...view };
}

async function chat() {
  const list = await screen.findByRole('region', { name: 'Conversation list' });
  await userEvent.click(await within(list).findByRole('button', { name: /Grace Hopper/ }));
  return within(screen.getByRole('region', { name: 'Chat' }));
}

describe('media in the inbox', () => {
  it('shows a photo with its caption, fetched with the token, and opens it full size', async () => {
    const { fetchMock } = openChat();
    const pane = await chat();
    const open = await pane.findByRole('button', { name: 'Open photo full size' });
    expect(within(open).getByRole('img', { name: 'The blue one' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(pane.getByText('The blue one', { selector: 'p' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('wamid.photo')) ?? [];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token');
    await userEvent.click(open);
    expect(within(await screen.findByRole('dialog')).getByRole('img', { name: 'The blue one' })).toBeInTheDocument();
  });

  it('plays voice notes and videos, and offers documents for download with name and size', async () => {
    openChat();
    const pane = await chat();
    await waitFor(() => expect(pane.getByLabelText('Voice note').tagName).toBe('AUDIO'));
    expect(pane.getByLabelText('Video').tagName).toBe('VIDEO');
    expect(pane.getByText('invoice.pdf')).toBeInTheDocument();
    expect(pane.getByText('2.4 MB')).toBeInTheDocument();
    const download = await pane.findByRole('link', { name: 'Download invoice.pdf' });
    expect(download).toHaveAttribute('download', 'invoice.pdf');
  });

  it('shows a voice note’s transcript under its player', async () => {
    openChat();
    const pane = await chat();
    const player = await waitFor(() => {
      const audio = pane.getByLabelText('Voice note');
      expect(audio.tagName).toBe('AUDIO');
      return audio;
    });
    const transcript = pane.getByRole('figure', { name: MEDIA_TEXTS.transcript });
    expect(within(transcript).getByText('Is the shop open on Sunday?')).toBeInTheDocument();
    expect(player.compareDocumentPosition(transcript) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(pane.getAllByRole('figure', { name: MEDIA_TEXTS.transcript })).toHaveLength(1);
  });

  it('shows a sticker small and a place with a map link', async () => {
    openChat();
    const pane = await chat();
    expect(await pane.findByRole('img', { name: 'Sticker' })).toBeInTheDocument();
    expect(pane.getByText('Alexanderplatz')).toBeInTheDocument();
    expect(pane.getByText('10178 Berlin')).toBeInTheDocument();
    expect(pane.getByRole('link', { name: MEDIA_TEXTS.openInMap })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=52.52&mlon=13.405#map=16/52.52/13.405',
    );
  });

  it('says in words when media is on its way, failed, or cannot be loaded', async () => {
    openChat();
    const pane = await chat();
    expect(await pane.findByText(MEDIA_TEXTS.pending('image'))).toBeInTheDocument();
    expect(pane.getByText('The video is larger than 16 MB.')).toBeInTheDocument();
    expect(await pane.findByText(MEDIA_TEXTS.failed('image'))).toBeInTheDocument();
  });

  it('revokes the object URLs when the conversation closes', async () => {
    const { fetchMock, router } = openChat();
    const pane = await chat();
    await pane.findByRole('button', { name: 'Open photo full size' });
    await waitFor(() => expect(created).toBe(5));
    expect(requestsMade(fetchMock).filter((request) => request.includes('/media/'))).toHaveLength(6);
    await act(() => router.navigate('/help'));
    await waitFor(() => expect(revoked).toHaveLength(5));
  });
});
