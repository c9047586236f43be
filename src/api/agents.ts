import type {
  AgentBody,
  AgentDetail,
  AgentGraph,
  AgentSummaryList,
  ContextList,
  DocumentList,
  Memory,
  MemoryList,
  ModelList,
} from '../../contract/agents';
import { request, type RequestOptions } from './client';

const agentPath = (agentId: number) => `/agents/${agentId}`;
const searchPath = (path: string, query: string) => `${path}/search?query=${encodeURIComponent(query)}`;

/** One agents call: errors read as SPEC.md §8 reads non-auth calls (`detail`). */
function agentRequest<T>(path: string, token: string, options: Omit<RequestOptions, 'token' | 'reading'> = {}) {
  return request<T>(path, { ...options, token, reading: 'messaging' });
}

/** One function per agents endpoint (contract/agents.ts); every one needs the owner's token. */
export const agentsApi = {
  summary: (token: string) => agentRequest<AgentSummaryList>('/agents/summary', token),
  models: (token: string) => agentRequest<ModelList>('/agents/models', token),
  agent: (token: string, agentId: number) => agentRequest<AgentDetail>(agentPath(agentId), token),
  create: (token: string, body: AgentBody) =>
    agentRequest<AgentDetail>('/agents/', token, { method: 'POST', json: body }),
  /** A full update; sending back the masked API key keeps the stored key. */
  update: (token: string, agentId: number, body: AgentBody) =>
    agentRequest<AgentDetail>(agentPath(agentId), token, { method: 'PUT', json: body }),
  /** Restore: a deleted agent becomes inactive. */
  restore: (token: string, agentId: number) =>
    agentRequest<AgentDetail>(agentPath(agentId), token, { method: 'PUT', json: { status: 'inactive' } }),
  activate: (token: string, agentId: number) =>
    agentRequest<AgentDetail>(`${agentPath(agentId)}/activate`, token, { method: 'PUT' }),
  softDelete: (token: string, agentId: number) => agentRequest<void>(agentPath(agentId), token, { method: 'DELETE' }),
  deletePermanently: (token: string, agentId: number) =>
    agentRequest<void>(`${agentPath(agentId)}/permanent`, token, { method: 'DELETE' }),
  memories: (token: string, agentId: number) => agentRequest<MemoryList>(`${agentPath(agentId)}/memories`, token),
  searchMemories: (token: string, agentId: number, query: string) =>
    agentRequest<MemoryList>(searchPath(`${agentPath(agentId)}/memories`, query), token, { method: 'POST' }),
  updateMemory: (token: string, agentId: number, memoryId: number, memory: string) =>
    agentRequest<Memory>(`${agentPath(agentId)}/memories/${memoryId}`, token, { method: 'PUT', json: { memory } }),
  deleteMemory: (token: string, agentId: number, memoryId: number) =>
    agentRequest<void>(`${agentPath(agentId)}/memories/${memoryId}`, token, { method: 'DELETE' }),
  contexts: (token: string, agentId: number) => agentRequest<ContextList>(`${agentPath(agentId)}/contexts`, token),
  searchContexts: (token: string, agentId: number, query: string) =>
    agentRequest<ContextList>(searchPath(`${agentPath(agentId)}/contexts`, query), token, { method: 'POST' }),
  graph: (token: string, agentId: number) => agentRequest<AgentGraph>(`${agentPath(agentId)}/graph`, token),
  documents: (token: string, agentId: number) => agentRequest<DocumentList>(`${agentPath(agentId)}/documents`, token),
};
