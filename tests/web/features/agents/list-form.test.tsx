import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AGENT_MESSAGES, type AgentSummary } from '../../../../contract/agents';
import {
  RESUME_AFTER_LABEL,
  VOICE_NOTE_LABELS,
  VOICE_NOTES_LABEL,
} from '../../../../src/features/agents/AgentFormPage';
import { anAgentDetail, openAsOwner } from '../../support/fixtures/agents';
import { apiError, json, pending, requestsMade, type ApiRoute } from '../../support/api-mock';

const summary = (id: number, status: AgentSummary['status'], name: string): AgentSummary => ({
  id,
  name,
  status,
  memories_count: id * 10,
  contexts_count: id * 100,
});

const agents = [
  summary(1, 'active', 'Front desk'),
  summary(2, 'active', 'Second active'),
  summary(3, 'inactive', 'Night shift'),
  summary(4, 'deleted', 'Old helper'),
];

const detail = anAgentDetail({
  id: 3,
  name: 'Night shift',
  description: 'Answers at night',
  model: 'openai/gpt-4o-mini',
  api_key: 'sk-…abcd',
  status: 'inactive',
});

const MODELS = ['local/knowledge-base', 'openai/gpt-4o-mini'];

function open(path: string, routes: Record<string, ApiRoute> = {}, verified = true) {
  return openAsOwner(
    path,
    { 'GET /agents/summary': () => json(agents), 'GET /agents/models': () => json(MODELS), ...routes },
    verified,
  );
}

const card = (name: string) => within(screen.getByRole('article', { name }));

/** The page behind a dialog is hidden from assistive technology until the dialog has gone. */
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

afterEach(() => jest.restoreAllMocks());

describe('/agents', () => {
  it('shows 3 skeleton cards while the agents load', async () => {
    open('/agents', { 'GET /agents/summary': pending });
    expect(await screen.findAllByTestId('agent-skeleton')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Create Agent' })).toHaveAttribute('href', '/agents/new');
  });

  it('says so when a tab has no agents', async () => {
    open('/agents', { 'GET /agents/summary': () => json([]) });
    expect(await screen.findByText('No active agent.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Inactive' }));
    expect(screen.getByText('No inactive agents.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Deleted' }));
    expect(screen.getByText('No soft deleted agents.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('agent-skeleton')).toHaveLength(0);
  });

  it('shows only the first active agent, with its counts and its actions', async () => {
    open('/agents');
    await screen.findByRole('article', { name: 'Front desk' });
    const active = card('Front desk');
    expect(screen.queryByRole('article', { name: 'Second active' })).not.toBeInTheDocument();
    expect(active.getByText('10')).toBeInTheDocument();
    expect(active.getByText('Memories')).toBeInTheDocument();
    expect(active.getByText('100')).toBeInTheDocument();
    expect(active.getByText('Contexts')).toBeInTheDocument();
    expect(active.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/agents/1');
    expect(active.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/agents/1/edit');
    expect(active.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(active.queryByRole('button', { name: 'Set Active' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Inactive' }));
    const inactive = card('Night shift');
    for (const name of ['Set Active', 'Delete']) expect(inactive.getByRole('button', { name })).toBeInTheDocument();
    for (const name of ['View', 'Edit']) expect(inactive.getByRole('link', { name })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Deleted' }));
    const deleted = screen.getByRole('article', { name: 'Old helper' });
    expect(deleted).toHaveStyle({ opacity: '0.6' });
    expect(within(deleted).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(within(deleted).getByRole('button', { name: 'Permanently Delete' })).toBeInTheDocument();
    expect(within(deleted).queryByRole('link', { name: 'View' })).not.toBeInTheDocument();
  });

  it('sets an agent active after a confirmation, then reloads the summary', async () => {
    const activate = jest.fn(() => json({ ...detail, status: 'active' }));
    const { fetchMock } = open('/agents', { 'PUT /agents/3/activate': activate });
    await userEvent.click(await screen.findByRole('tab', { name: 'Inactive' }));
    await userEvent.click(card('Night shift').getByRole('button', { name: 'Set Active' }));

    const dialog = screen.getByRole('dialog', { name: 'Set this agent active?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(activate).not.toHaveBeenCalled();

    await userEvent.click(card('Night shift').getByRole('button', { name: 'Set Active' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Set this agent active?' })).getByRole('button', {
        name: 'Set Active',
      }),
    );
    await waitFor(() => expect(activate).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(requestsMade(fetchMock).filter((request) => request === 'GET /agents/summary')).toHaveLength(2),
    );
  });

  it('soft deletes, restores and permanently deletes, each after its confirmation', async () => {
    const softDelete = jest.fn(() => new Response(null, { status: 204 }));
    const restore = jest.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toEqual({ status: 'inactive' });
      return json(detail);
    });
    const permanent = jest.fn(() => new Response(null, { status: 204 }));
    const { fetchMock } = open('/agents', {
      'DELETE /agents/1': softDelete,
      'PUT /agents/4': restore,
      'DELETE /agents/4/permanent': permanent,
    });
    const confirmIn = async (title: string, button: string) => {
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: button }),
      );
      await dialogClosed();
    };

    await screen.findByRole('article', { name: 'Front desk' });
    await userEvent.click(card('Front desk').getByRole('button', { name: 'Delete' }));
    await confirmIn('Delete this agent?', 'Delete');
    await waitFor(() => expect(softDelete).toHaveBeenCalledTimes(1));

    await userEvent.click(screen.getByRole('tab', { name: 'Deleted' }));
    await waitFor(() => expect(card('Old helper').getByRole('button', { name: 'Restore' })).toBeEnabled());
    await userEvent.click(card('Old helper').getByRole('button', { name: 'Restore' }));
    await confirmIn('Restore this agent?', 'Restore');
    await waitFor(() => expect(restore).toHaveBeenCalledTimes(1));

    await waitFor(() => expect(card('Old helper').getByRole('button', { name: 'Permanently Delete' })).toBeEnabled());
    await userEvent.click(card('Old helper').getByRole('button', { name: 'Permanently Delete' }));
    expect(screen.getByText(/This cannot be undone\./)).toBeInTheDocument();
    await confirmIn('Permanently delete this agent?', 'Permanently Delete');
    await waitFor(() => expect(permanent).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(requestsMade(fetchMock).filter((request) => request === 'GET /agents/summary')).toHaveLength(4),
    );
  });

  it('shows the banners for an unverified email and a missing connection', async () => {
    open('/agents', { 'GET /whatsapp/status': () => json({ isConnected: false }) }, false);
    expect(await screen.findByText('Please verify your email address')).toBeInTheDocument();
    expect(await screen.findByText('WhatsApp is not connected')).toBeInTheDocument();
  });
});

describe('the agent form', () => {
  // Typing whole prompts key by key is slow in jsdom; a change event per field is what Formik reads.
  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input, textarea' }), {
        target: { value },
      });
    }
  };
  const chooseModel = async (model: string) => {
    await userEvent.click(screen.getByRole('combobox', { name: /Model/ }));
    await userEvent.click(await screen.findByRole('option', { name: model }));
  };
  const everyField = {
    Name: 'Bakery helper',
    Description: 'Answers questions about bread',
    'System Prompt': 'You are friendly.',
    'User Prompt': 'Answer briefly.',
    'API Key': 'sk-test-1234',
  };

  it('keeps the model select disabled while the models load', async () => {
    open('/agents/new', { 'GET /agents/models': pending });
    expect(await screen.findByRole('heading', { name: 'Create New Agent' })).toBeInTheDocument();
    expect(screen.getByText('Set up a new AI agent with your preferred configuration.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Model/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('enables Create Agent only once every field has more than blanks, then creates the agent', async () => {
    let answer: (response: Response) => void = () => undefined;
    const create = jest.fn(
      (init: RequestInit | undefined) =>
        new Promise<Response>((resolve) => {
          expect(JSON.parse(String(init?.body))).toEqual({
            name: 'Bakery helper',
            model: 'local/knowledge-base',
            description: 'Answers questions about bread',
            system_prompt: 'You are friendly.',
            user_prompt: 'Answer briefly.',
            // The offline model runs on the server: no key.
            api_key: '',
            // Optional: left blank, the agent uses the default hand-over message.
            handover_message: '',
            voice_notes: 'hand_over',
            // 'Never: only when I hand it back' is null.
            resume_after_minutes: null,
          });
          answer = resolve;
        }),
    );
    const { router } = open('/agents/new', { 'POST /agents/': create });
    const submit = await screen.findByRole('button', { name: 'Create Agent' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Model/ })).not.toHaveAttribute('aria-disabled'));
    expect(submit).toBeDisabled();

    fill({ ...everyField, 'API Key': '   ' });
    await chooseModel('openai/gpt-4o-mini');
    expect(submit).toBeDisabled();
    // The offline model needs no key, and the form says so.
    await chooseModel('local/knowledge-base');
    expect(screen.getByText(AGENT_MESSAGES.localModelNeedsNoKey)).toBeInTheDocument();
    fill({ 'API Key': '' });
    expect(submit).toBeEnabled();
    // A voice note the agent cannot listen to: asking for text unless the owner chooses otherwise.
    const voiceNotes = screen.getByRole('combobox', { name: VOICE_NOTES_LABEL });
    expect(voiceNotes).toHaveTextContent(VOICE_NOTE_LABELS.ask_for_text);
    await userEvent.click(voiceNotes);
    await userEvent.click(await screen.findByRole('option', { name: VOICE_NOTE_LABELS.hand_over }));
    // After the owner takes over, the AI answers again after 30 minutes of silence unless chosen otherwise.
    const resume = screen.getByRole('combobox', { name: RESUME_AFTER_LABEL });
    expect(resume).toHaveTextContent('After 30 minutes without a reply from you');
    await userEvent.click(resume);
    await userEvent.click(await screen.findByRole('option', { name: 'Never: only when I hand it back' }));

    await userEvent.click(submit);
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    answer(json({ ...detail, id: 9, status: 'active' }, 201));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
    expect(create).toHaveBeenCalledTimes(1);
    // The owner's first agent is active at once, and the toast says so.
    expect(await screen.findByText(AGENT_MESSAGES.firstAgentActive)).toBeInTheDocument();
  });

  it('names a blank field once it was touched', async () => {
    open('/agents/new');
    await screen.findByRole('heading', { name: 'Create New Agent' });
    await userEvent.click(screen.getByLabelText(/Name/, { selector: 'input' }));
    await userEvent.tab();
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
  });

  it('shows the verification toast to an unverified owner and sends nothing', async () => {
    const create = jest.fn(() => json(detail, 201));
    open('/agents/new', { 'POST /agents/': create }, false);
    await screen.findByRole('heading', { name: 'Create New Agent' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Model/ })).not.toHaveAttribute('aria-disabled'));
    fill(everyField);
    await chooseModel('openai/gpt-4o-mini');
    await userEvent.click(screen.getByRole('button', { name: 'Create Agent' }));
    expect(await screen.findByText('Email verification required')).toBeInTheDocument();
    expect(screen.getByText('Please verify your email address to create an agent.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create Agent' })).toBeEnabled();
  });

  it("says 'Failed to fetch models.' when the models cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/agents/new', { 'GET /agents/models': () => apiError(500, 'Boom', 'internal') });
    expect(await screen.findByText('Failed to fetch models.')).toBeInTheDocument();
  });

  it('says the save failed', async () => {
    open('/agents/new', {
      'POST /agents/': () => apiError(422, 'Please choose one of the offered models.', 'invalid', 'model'),
    });
    await screen.findByRole('heading', { name: 'Create New Agent' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Model/ })).not.toHaveAttribute('aria-disabled'));
    fill(everyField);
    await chooseModel('local/knowledge-base');
    await userEvent.click(screen.getByRole('button', { name: 'Create Agent' }));
    expect(
      await screen.findByText('Failed to create agent. Please check your input and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please choose one of the offered models.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Agent' })).toBeEnabled();
  });

  it('edits an agent, sending the masked key back unchanged', async () => {
    const update = jest.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Night owl', api_key: 'sk-…abcd' });
      return json(detail);
    });
    const { router } = open('/agents/3/edit', { 'GET /agents/3': () => json(detail), 'PUT /agents/3': update });
    expect(await screen.findByRole('heading', { name: 'Edit Agent' })).toBeInTheDocument();
    expect(screen.getByText('Update your AI agent configuration.')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Answers at night')).toBeInTheDocument();
    expect(screen.getByLabelText(/API Key/, { selector: 'input' })).toHaveValue('sk-…abcd');
    expect(screen.getByLabelText(/API Key/, { selector: 'input' })).toHaveAttribute('type', 'password');
    fill({ Name: 'Night owl' });
    await userEvent.click(screen.getByRole('button', { name: 'Update Agent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('goes back to the list on Cancel', async () => {
    const { router } = open('/agents/new');
    await userEvent.click(await screen.findByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
  });

  it("says 'Failed to fetch agent details.' when the agent cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/agents/3/edit', { 'GET /agents/3': () => apiError(500, 'Boom', 'internal') });
    expect(await screen.findByText('Failed to fetch agent details.')).toBeInTheDocument();
  });

  it.each(['/agents/77/edit', '/agents/not-a-number/edit', '/agents/not-a-number', '/agents/4/share'])(
    'shows the agent not-found page for %s',
    async (path) => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      open(path, { 'GET /agents/77': () => apiError(404, 'Agent not found.', 'not_found') });
      expect(
        await screen.findByText('Page Not Found - The requested agent page could not be found.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Agents' })).toHaveAttribute('href', '/agents');
    },
  );
});
