import type { AgentDetail } from '../../contract/agents';
import { json, mockApi, type ApiRoute } from './api-mock';
import { renderApp } from './render';
import { aUser, signedInState } from './users';

export function anAgentDetail(overrides: Partial<AgentDetail> = {}): AgentDetail {
  return {
    id: 4,
    name: 'Front desk',
    description: 'Answers questions about opening hours',
    model: 'local/knowledge-base',
    system_prompt: 'Be kind.',
    user_prompt: 'Keep it short.',
    api_key: '',
    handover_message: '',
    status: 'active',
    created_at: '2025-07-28T10:00:00.000Z',
    updated_at: '2025-07-28T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * Renders the app at `path` for a signed-in owner with a connected number; the API answers the
 * shell's requests and `routes`, which may replace them.
 */
export function openAsOwner(path: string, routes: Record<string, ApiRoute>, verified: boolean) {
  const user = aUser({ is_verified: verified });
  const fetchMock = mockApi({
    'GET /users/me': () => json(user),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    // The sidebar's unread badge (the inbox's); not what the agents tests look at.
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    ...routes,
  });
  return { fetchMock, ...renderApp(path, signedInState(user)) };
}
