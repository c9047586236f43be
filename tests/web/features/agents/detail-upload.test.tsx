import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentGraph, Context, DocumentItem, Memory } from '../../../../contract/agents';
import { FakeXhr, fileOf, installFakeXhr } from '../../support/fake-xhr';
import { anAgentDetail, openAsOwner } from '../../support/fixtures/agents';
import { MEMORY_HINTS } from '../../../../src/features/agents/MemoriesTab';
import { apiError, json, pending, requestsMade, type ApiRoute } from '../../support/api-mock';

const agent = anAgentDetail();

const memory = (id: number, text: string): Memory => ({
  id,
  from_phone_number: '+15550100',
  memory: text,
  created_at: '2025-07-28T10:00:00.000Z',
  updated_at: '2025-07-28T10:00:00.000Z',
});

const context = (id: number, text: string): Context => ({
  id,
  context: text,
  created_at: '2025-07-28T10:00:00.000Z',
  document_id: 1,
  document_name: 'hours.pdf',
});

const document = (
  id: number,
  filename: string,
  status: DocumentItem['status'],
  error: string | null = null,
  chunks = status === 'ready' ? 3 : 0,
) => ({
  id,
  filename,
  media_type: 'application/pdf',
  size_bytes: 2048,
  status,
  error,
  pages: 1,
  chunks,
  created_at: `2025-07-28T10:00:0${id}.000Z`,
  updated_at: '2025-07-28T10:00:00.000Z',
});

const graph: AgentGraph = {
  nodes: [
    { id: 'n1', label: 'Sourdough', type: 'product' },
    { id: 'n2', label: 'Ada', type: 'person' },
  ],
  edges: [{ id: 'e1', source: 'n2', target: 'n1', label: 'likes' }],
};

function open(path: string, routes: Record<string, ApiRoute> = {}, verified = true) {
  return openAsOwner(
    path,
    {
      'GET /agents/4': () => json(agent),
      'GET /agents/4/memories': () => json([memory(1, 'Likes rye bread'), memory(2, 'Comes on Fridays')]),
      'GET /agents/4/contexts': () => json([context(1, 'We open at 8 every morning.')]),
      'GET /agents/4/documents': () => json([]),
      'GET /agents/4/graph': () => json(graph),
      ...routes,
    },
    verified,
  );
}

const called = (fetchMock: jest.SpyInstance, request: string) =>
  requestsMade(fetchMock).filter((made) => made === request).length;

installFakeXhr();
afterEach(() => jest.restoreAllMocks());

describe('/agents/{id}', () => {
  it('shows the agent with its memories first', async () => {
    open('/agents/4');
    expect(await screen.findByRole('heading', { name: 'Front desk' })).toBeInTheDocument();
    expect(screen.getByText('Answers questions about opening hours')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/agents/4/edit');
    expect(screen.getByRole('link', { name: 'Upload Documents' })).toHaveAttribute('href', '/agents/4/upload');
    expect(screen.getByRole('tab', { name: 'Memories' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Contexts' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Graph View' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search memories...')).toBeInTheDocument();
    expect(await screen.findByText('Likes rye bread')).toBeInTheDocument();
    expect(screen.getAllByText(/\+15550100/)).toHaveLength(2);
  });

  it("says 'Loading memories...' and then 'No memories found.'", async () => {
    let answer: (response: Response) => void = () => undefined;
    open('/agents/4', { 'GET /agents/4/memories': () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading memories...')).toBeInTheDocument();
    answer(json([]));
    expect(await screen.findByText('No memories found.')).toBeInTheDocument();
  });

  it('explains why the offline model has no memories yet and what would give it some', async () => {
    open('/agents/4', {
      'GET /agents/4': () => json({ ...agent, model: 'local/knowledge-base' }),
      'GET /agents/4/memories': () => json([]),
    });
    expect(await screen.findByText('No memories found.')).toBeInTheDocument();
    const hint = within(screen.getByTestId('memories-empty-hint'));
    expect(hint.getByText(MEMORY_HINTS.what)).toBeInTheDocument();
    expect(hint.getByText(MEMORY_HINTS.offline)).toBeInTheDocument();
    expect(MEMORY_HINTS.offline).toContain('My name is Ada');
  });

  it('says only when memories come for a model that reads every message, and nothing after a search', async () => {
    open('/agents/4', {
      'GET /agents/4': () => json({ ...agent, model: 'openai/gpt-4o-mini' }),
      'GET /agents/4/memories': () => json([]),
      'POST /agents/4/memories/search?query=rye': () => json([]),
    });
    const hint = within(await screen.findByTestId('memories-empty-hint'));
    expect(hint.getByText(MEMORY_HINTS.model)).toBeInTheDocument();
    expect(hint.queryByText(MEMORY_HINTS.offline)).not.toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search memories...'), { target: { value: 'rye' } });
    fireEvent.submit(screen.getByPlaceholderText('Search memories...').closest('form')!);
    await waitFor(() => expect(screen.queryByTestId('memories-empty-hint')).not.toBeInTheDocument());
    expect(screen.getByText('No memories found.')).toBeInTheDocument();
  });

  it('searches the memories, and reloads them all for an empty search', async () => {
    const { fetchMock } = open('/agents/4', {
      'POST /agents/4/memories/search?query=rye%20bread': () => json([memory(1, 'Likes rye bread')]),
    });
    await screen.findByText('Comes on Fridays');
    const box = screen.getByPlaceholderText('Search memories...');
    await userEvent.type(box, 'rye bread{Enter}');
    await waitFor(() => expect(screen.queryByText('Comes on Fridays')).not.toBeInTheDocument());
    expect(screen.getByText('Likes rye bread')).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Comes on Fridays')).toBeInTheDocument();
    expect(called(fetchMock, 'GET /agents/4/memories')).toBe(2);
  });

  it.each([
    ['GET /agents/4/memories', '', 'Failed to load memories.'],
    ['POST /agents/4/memories/search?query=x', 'x', 'Failed to search memories.'],
  ])('says when %s fails', async (route, query, message) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/agents/4', { [route]: () => apiError(500, 'Boom', 'internal') });
    if (query) {
      await screen.findByText('Likes rye bread');
      await userEvent.type(screen.getByPlaceholderText('Search memories...'), `${query}{Enter}`);
    }
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('searches the contexts, and reloads them all for an empty search', async () => {
    const { fetchMock } = open('/agents/4', {
      'GET /agents/4/contexts': () => json([context(1, 'We open at 8 every morning.'), context(2, 'Sourdough daily.')]),
      'POST /agents/4/contexts/search?query=sourdough': () => json([context(2, 'Sourdough daily.')]),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Contexts' }));
    await screen.findByText('We open at 8 every morning.');
    const box = screen.getByPlaceholderText('Search contexts...');
    await userEvent.type(box, 'sourdough{Enter}');
    await waitFor(() => expect(screen.queryByText('We open at 8 every morning.')).not.toBeInTheDocument());
    await userEvent.clear(box);
    await userEvent.type(box, '{Enter}');
    expect(await screen.findByText('We open at 8 every morning.')).toBeInTheDocument();
    expect(called(fetchMock, 'GET /agents/4/contexts')).toBe(2);
  });

  it.each([
    ['GET /agents/4/contexts', '', 'Failed to load contexts.'],
    ['POST /agents/4/contexts/search?query=x', 'x', 'Failed to search contexts.'],
  ])('says when %s fails', async (route, query, message) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/agents/4', { [route]: () => apiError(500, 'Boom', 'internal') });
    await userEvent.click(await screen.findByRole('tab', { name: 'Contexts' }));
    if (query) {
      await screen.findByText('We open at 8 every morning.');
      await userEvent.type(screen.getByPlaceholderText('Search contexts...'), `${query}{Enter}`);
    }
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('lets the owner correct a memory and delete one, after a confirmation', async () => {
    const update = jest.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toEqual({ memory: 'Likes spelt bread' });
      return json(memory(1, 'Likes spelt bread'));
    });
    const remove = jest.fn(() => new Response(null, { status: 204 }));
    open('/agents/4', { 'PUT /agents/4/memories/1': update, 'DELETE /agents/4/memories/2': remove });
    await screen.findByText('Likes rye bread');

    await userEvent.click(screen.getAllByRole('button', { name: 'Edit memory' })[0]);
    const editor = screen.getByRole('dialog', { name: 'Edit memory' });
    const field = within(editor).getByLabelText('Memory');
    fireEvent.change(field, { target: { value: 'Likes spelt bread' } });
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Likes spelt bread')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getAllByRole('button', { name: 'Delete memory' })[1]);
    const confirm = screen.getByRole('dialog', { name: 'Delete this memory?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Comes on Fridays')).not.toBeInTheDocument());
    expect(update).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('shows the contexts beside Quick Upload and the documents with their state', async () => {
    open('/agents/4', {
      'GET /agents/4/documents': () =>
        json([
          document(1, 'hours.pdf', 'ready'),
          document(2, 'menu.png', 'processing'),
          document(3, 'broken.pdf', 'failed', 'The PDF is encrypted and cannot be read.'),
        ]),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Contexts' }));
    expect(await screen.findByText('We open at 8 every morning.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search contexts...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quick Upload' })).toBeInTheDocument();
    const documents = within(screen.getByRole('list', { name: 'Documents' }));
    expect(documents.getByText('hours.pdf')).toBeInTheDocument();
    expect(documents.getByText('Ready')).toBeInTheDocument();
    expect(documents.getByText('Processing')).toBeInTheDocument();
    expect(documents.getByText('Failed')).toBeInTheDocument();
    expect(documents.getByText('The PDF is encrypted and cannot be read.')).toBeInTheDocument();
  });

  it("counts a document's chunks in the right number: '1 chunk', '3 chunks'", async () => {
    open('/agents/4', {
      'GET /agents/4/documents': () =>
        json([document(1, 'note.txt', 'ready', null, 1), document(2, 'hours.pdf', 'ready')]),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Contexts' }));
    const documents = within(await screen.findByRole('list', { name: 'Documents' }));
    expect(await documents.findByText('2 KB · 1 chunk')).toBeInTheDocument();
    expect(documents.getByText('2 KB · 3 chunks')).toBeInTheDocument();
  });

  it("shows Quick Upload's errors together in the 'Upload Errors' toast and sends nothing", async () => {
    open('/agents/4');
    await userEvent.click(await screen.findByRole('tab', { name: 'Contexts' }));
    const input = await screen.findByLabelText('Quick upload files');
    fireEvent.change(input, { target: { files: [fileOf('notes.txt', 5, 'text/plain'), fileOf('tool.exe', 5, '')] } });
    expect(await screen.findByText('Upload Errors')).toBeInTheDocument();
    expect(
      screen.getByText('tool.exe: File type not supported. Please upload PDF, TXT, JPG, or PNG files only.'),
    ).toBeInTheDocument();
    expect(FakeXhr.made).toHaveLength(0);
  });

  it('uploads from Quick Upload at once, and follows the document until it is ready', async () => {
    const documents = jest
      .fn<Response, []>()
      .mockReturnValueOnce(json([]))
      .mockReturnValueOnce(json([document(5, 'notes.txt', 'processing')]))
      .mockReturnValue(json([document(5, 'notes.txt', 'ready')]));
    open('/agents/4', { 'GET /agents/4/documents': documents });
    await userEvent.click(await screen.findByRole('tab', { name: 'Contexts' }));
    fireEvent.change(await screen.findByLabelText('Quick upload files'), {
      target: { files: [fileOf('notes.txt', 5, 'text/plain')] },
    });
    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    FakeXhr.made[0].respond(201, document(5, 'notes.txt', 'processing'));
    expect(await screen.findByText('1 document(s) uploaded successfully')).toBeInTheDocument();
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    // Polled again after DOCUMENTS_POLL_INTERVAL_MS, until nothing is processing.
    expect(await screen.findByText('Ready')).toBeInTheDocument();
  });

  it('draws the graph, coloured by entity type', async () => {
    open('/agents/4');
    await userEvent.click(await screen.findByRole('tab', { name: 'Graph View' }));
    const area = await screen.findByTestId('agent-graph');
    expect(area).toHaveStyle({ height: '600px' });
    expect(area.querySelector('.react-flow')).not.toBeNull();
    const types = within(screen.getByLabelText('Entity types'));
    expect(types.getByText('person')).toBeInTheDocument();
    expect(types.getByText('product')).toBeInTheDocument();
  });

  it('shows the verification card to an unverified owner', async () => {
    open('/agents/4', {}, false);
    expect(await screen.findByRole('heading', { name: 'Please verify your email address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Email' })).toBeInTheDocument();
  });

  it('shows the agent not-found page for an unknown agent', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/agents/4', { 'GET /agents/4': () => apiError(404, 'Agent not found.', 'not_found') });
    expect(
      await screen.findByText('Page Not Found - The requested agent page could not be found.'),
    ).toBeInTheDocument();
  });
});

describe('/agents/{id}/upload', () => {
  const choose = (...files: File[]) => fireEvent.change(screen.getByLabelText('Choose files'), { target: { files } });

  it('explains what can be uploaded and how it is used', async () => {
    open('/agents/4/upload');
    expect(await screen.findByRole('heading', { name: 'Upload Documents' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Agent' })).toHaveAttribute('href', '/agents/4');
    expect(screen.getByTestId('file-drop-zone')).toBeInTheDocument();
    expect(screen.getByText('PDF, TXT, JPG, JPEG and PNG files.')).toBeInTheDocument();
    expect(screen.getByText('Up to 25MB per file.')).toBeInTheDocument();
    expect(screen.getByText('Up to 10 files per upload.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'File Type Guide' })).toBeInTheDocument();
    expect(screen.getByText('Text from all pages is extracted; scanned pages are read by OCR.')).toBeInTheDocument();
    expect(screen.getByText('Processed directly.')).toBeInTheDocument();
    expect(screen.getByText('The text in the image is read via OCR.')).toBeInTheDocument();
  });

  it('shows every error together and keeps no file when any is invalid', async () => {
    open('/agents/4/upload');
    await screen.findByRole('heading', { name: 'Upload Documents' });
    const huge = fileOf('huge.pdf', 1);
    Object.defineProperty(huge, 'size', { value: 25 * 1024 * 1024 + 1 });
    choose(fileOf('fine.txt', 3, 'text/plain'), huge, fileOf('virus.exe', 3, 'application/x-msdownload'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('huge.pdf: File size must be less than 25MB')).toBeInTheDocument();
    expect(
      within(alert).getByText('virus.exe: File type not supported. Please upload PDF, TXT, JPG, or PNG files only.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('fine.txt')).not.toBeInTheDocument();
    expect(FakeXhr.made).toHaveLength(0);
  });

  it("says 'Maximum 10 files allowed'", async () => {
    open('/agents/4/upload');
    await screen.findByRole('heading', { name: 'Upload Documents' });
    choose(...Array.from({ length: 11 }, (_, index) => fileOf(`page-${index}.pdf`)));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Maximum 10 files allowed')).toBeInTheDocument();
    // One error, about the whole batch: the title speaks of the files, not of one file.
    expect(within(alert).getByText('These files cannot be uploaded')).toBeInTheDocument();
    expect(screen.queryByText('page-0.pdf')).not.toBeInTheDocument();
  });

  it('titles the alert for one refused file in the singular', async () => {
    open('/agents/4/upload');
    await screen.findByRole('heading', { name: 'Upload Documents' });
    choose(fileOf('virus.exe', 3, 'application/x-msdownload'));
    expect(await screen.findByText('This file cannot be uploaded')).toBeInTheDocument();
  });

  it('uploads the files in parallel with their real progress, then goes back to the agent', async () => {
    const { router } = open('/agents/4/upload');
    await screen.findByRole('heading', { name: 'Upload Documents' });
    choose(fileOf('hours.pdf', 100), fileOf('menu.png', 100, 'image/png'));
    expect(await screen.findByText('hours.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload 2 files' }));

    await waitFor(() => expect(FakeXhr.made).toHaveLength(2));
    const [hours, menu] = FakeXhr.made;
    expect([hours.fileName, menu.fileName]).toEqual(['hours.pdf', 'menu.png']);
    hours.progress(40, 100);
    expect(await screen.findByText('Uploading... 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'hours.pdf upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    hours.respond(201, document(1, 'hours.pdf', 'processing'));
    menu.respond(201, document(2, 'menu.png', 'processing'));
    expect(await screen.findByText('2 document(s) uploaded successfully')).toBeInTheDocument();
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents/4'));
    // Back on the agent, the documents' reading progress is in view.
    expect(await screen.findByRole('tab', { name: 'Contexts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows which file failed and why, and stays on the page', async () => {
    const { router } = open('/agents/4/upload');
    await screen.findByRole('heading', { name: 'Upload Documents' });
    choose(fileOf('good.pdf'), fileOf('fake.pdf'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload 2 files' }));
    await waitFor(() => expect(FakeXhr.made).toHaveLength(2));
    const reason = 'fake.pdf: File type not supported. Please upload PDF, TXT, JPG, or PNG files only.';
    FakeXhr.made[0].respond(201, document(1, 'good.pdf', 'processing'));
    FakeXhr.made[1].respond(415, { detail: reason, message: reason, code: 'unsupported_media_type' });
    // One toast at a time, the failure first: the success shows when it is closed.
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getAllByText(reason).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('1 document(s) uploaded successfully')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(await screen.findByText('1 document(s) uploaded successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/agents/4/upload');
  });

  it('cancels one upload, which aborts its request', async () => {
    open('/agents/4/upload');
    await screen.findByRole('heading', { name: 'Upload Documents' });
    choose(fileOf('slow.pdf', 100));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel upload of slow.pdf' }));
    await waitFor(() => expect(screen.queryByText('slow.pdf')).not.toBeInTheDocument());
    expect(FakeXhr.made[0].abort).toHaveBeenCalledTimes(1);
  });

  it('removes a chosen file before the upload', async () => {
    open('/agents/4/upload');
    await screen.findByRole('heading', { name: 'Upload Documents' });
    choose(fileOf('a.pdf'), fileOf('b.pdf'));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove a.pdf' }));
    expect(screen.queryByText('a.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled();
  });

  it('shows the agent not-found page for a route that is no agent', async () => {
    open('/agents/abc/upload', { 'GET /agents/4': pending });
    expect(
      await screen.findByText('Page Not Found - The requested agent page could not be found.'),
    ).toBeInTheDocument();
  });
});
