import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEDIA_ERRORS } from '../../../../contract/media';
import { COMPOSER_TEXTS } from '../../../../src/features/inbox/Composer';
import { json, mockApi } from '../../support/api-mock';
import { FakeXhr, fileOf, installFakeXhr } from '../../support/fake-xhr';
import { aConversation, aMessage, ago, messagesPath } from '../../support/fixtures/inbox';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

installFakeXhr();

const MB = 1024 * 1024;
const grace = aConversation({ window_closes_at: new Date(Date.now() + 5 * 3_600_000).toISOString() });
const question = aMessage({ timestamp: ago(60) });

function openChat(messages = () => [question]) {
  mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/conversations?limit=50': () => json([grace]),
    'GET /messages/conversations': () => json([grace]),
    [`GET ${messagesPath(grace.id)}`]: () => json(messages()),
  });
  renderApp('/messages', signedInState());
}

async function chat() {
  const list = await screen.findByRole('region', { name: 'Conversation list' });
  await userEvent.click(await within(list).findByRole('button', { name: /Grace Hopper/ }));
  const pane = within(screen.getByRole('region', { name: 'Chat' }));
  await pane.findByText('Do you deliver on Sundays?');
  return pane;
}

/** As a person types in the composer that has the focus (MessagesPage.test.tsx does the same). */
async function typeInto(field: HTMLElement, text: string) {
  act(() => field.focus());
  await userEvent.type(field, text, { skipClick: true });
}

function attach(file: File) {
  fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [file] } });
}

afterEach(() => jest.restoreAllMocks());

describe("the composer's attachments", () => {
  it('offers an attach button for what WhatsApp sends', async () => {
    openChat();
    const pane = await chat();
    expect(pane.getByRole('button', { name: COMPOSER_TEXTS.attach })).toBeEnabled();
    expect(screen.getByTestId('attachment-input')).toHaveAttribute('accept', expect.stringContaining('image/jpeg'));
  });

  it.each([
    [fileOf('holiday.png', 6 * MB, 'image/png'), MEDIA_ERRORS.tooLarge('image', 'holiday.png')],
    [fileOf('song.mp3', 17 * MB, 'audio/mpeg'), MEDIA_ERRORS.tooLarge('audio', 'song.mp3')],
    [fileOf('clip.mp4', 17 * MB, 'video/mp4'), MEDIA_ERRORS.tooLarge('video', 'clip.mp4')],
    [fileOf('archive.zip', 10, 'application/zip'), MEDIA_ERRORS.unsupported('archive.zip')],
  ])('refuses %s before uploading, with the exact limit', async (file, reason) => {
    openChat();
    const pane = await chat();
    attach(file);
    expect(await pane.findByRole('alert')).toHaveTextContent(reason);
    expect(pane.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(FakeXhr.made).toHaveLength(0);
  });

  it('refuses a caption on audio, and lets the file go once it is removed', async () => {
    openChat();
    const pane = await chat();
    attach(fileOf('note.ogg', 1000, 'audio/ogg'));
    await typeInto(pane.getByRole('textbox', { name: 'Caption' }), 'Listen');
    expect(await pane.findByRole('alert')).toHaveTextContent(MEDIA_ERRORS.noCaption('audio'));
    await userEvent.click(pane.getByRole('button', { name: 'Remove note.ogg' }));
    expect(pane.queryByText('note.ogg')).not.toBeInTheDocument();
    expect(pane.getByRole('textbox', { name: 'Message' })).toHaveValue('Listen');
  });

  it('uploads a photo with its caption, shows the progress, then the sent photo', async () => {
    let sent = false;
    const photo = aMessage({
      id: 'wamid.sent',
      body: '[image] The blue one',
      timestamp: new Date().toISOString(),
      is_from_us: true,
      sender: 'human',
      status: 'pending',
      media: {
        kind: 'image',
        status: 'pending',
        mime_type: 'image/jpeg',
        size_bytes: 2 * MB,
        filename: null,
        caption: 'The blue one',
        duration_seconds: null,
        voice: false,
        url: null,
        failure: null,
        location: null,
        transcript: null,
      },
    });
    openChat(() => (sent ? [question, photo] : [question]));
    const pane = await chat();
    attach(fileOf('blue.jpg', 2 * MB, 'image/jpeg'));
    expect(pane.getByText('blue.jpg')).toBeInTheDocument();
    expect(pane.getByText('2.0 MB')).toBeInTheDocument();
    await typeInto(pane.getByRole('textbox', { name: 'Caption' }), 'The blue one');
    await userEvent.click(pane.getByRole('button', { name: 'Send' }));

    const [xhr] = FakeXhr.made;
    expect(xhr.url).toBe('/api/v1/messages/conversations/15550100%40c.us/media');
    expect(xhr.headers.authorization).toBe('Bearer token');
    expect((xhr.body as FormData).get('caption')).toBe('The blue one');
    expect(xhr.fileName).toBe('blue.jpg');
    xhr.progress(MB, 2 * MB);
    expect(pane.getByRole('progressbar', { name: 'Uploading blue.jpg' })).toHaveAttribute('aria-valuenow', '50');

    sent = true;
    xhr.respond(201, photo);
    await waitFor(() => expect(pane.queryByText('blue.jpg')).not.toBeInTheDocument());
    expect(await pane.findByText('Photo on its way…')).toBeInTheDocument();
    expect(pane.getByText('The blue one')).toBeInTheDocument();
  });

  it("shows the server's refusal and lets the person try again", async () => {
    openChat();
    const pane = await chat();
    attach(fileOf('menu.pdf', 1000, 'application/pdf'));
    await userEvent.click(pane.getByRole('button', { name: 'Send' }));
    FakeXhr.made[0].respond(413, { detail: 'menu.pdf: WhatsApp takes documents up to 100 MB.' });
    expect(await pane.findByRole('alert')).toHaveTextContent('menu.pdf: WhatsApp takes documents up to 100 MB.');
    expect(pane.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
