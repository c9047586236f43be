import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import type { AgentBody, AgentDetail, Conversation, Escalation, Message } from '../../../contract';
import type { App } from '../../../server/app';
import type { Config } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import { providerLanguageModel, providerTranscriptionModel } from '../../../server/services/replies/models';
import type { ReplyDeps } from '../../../server/services/replies/pipeline';
import { agentBody } from './agents-helpers';
import { bearer, buildTestApp, type TestContext } from './helpers';
import { connectedOwner, conversationsOf, customerWrites, inboxUrl, newCustomer, type Owner } from './inbox-fixtures';
import { sandboxConfig } from './whatsapp-helpers';

export { completion, failure, FakeOpenAiServer, toolCallCompletion } from '../../fixtures/openai-server';

/** The replies tests' app: sandbox WhatsApp over loopback, no debounce, retries without waiting. */
export async function repliesApp(db: Db, overrides: Partial<Config> = {}): Promise<App> {
  const app = await buildTestApp(db, { ...sandboxConfig(), replyDebounceMs: 0, replyRetryBaseMs: 0, ...overrides });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

/** Runs what customer messages queued (replies, memories) until nothing is due: no sleeping. */
export async function drain(app: App): Promise<void> {
  await app.jobs.runUntilIdle();
}

/** What the reply job gives `runReply`, from the app, for running it by hand. */
export function replyDeps(app: App, overrides: Partial<ReplyDeps> = {}): ReplyDeps {
  return {
    db: app.db,
    graph: app.whatsapp.graph,
    secrets: app.secrets,
    log: app.log,
    config: app.config,
    embeddingModel: app.knowledge.embeddingModel,
    languageModel: app.replies.languageModel,
    mediaStore: app.media.store,
    ...overrides,
  };
}

/** Puts the real resolver back (tests swap in mock models). */
export function restoreModels(app: App): void {
  app.replies.languageModel = providerLanguageModel(app.config);
  app.replies.transcriptionModel = providerTranscriptionModel();
}

export interface AgentOwner extends Owner {
  agent: AgentDetail;
}

/** A connected, verified owner with an active agent. */
export async function ownerWithAgent(ctx: TestContext, overrides: Partial<AgentBody> = {}): Promise<AgentOwner> {
  const owner = await connectedOwner(ctx.app);
  await ctx.db.query('update users set is_verified = true where id = $1', [owner.userId]);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/agents/',
    headers: bearer(owner.token),
    payload: agentBody(overrides),
  });
  if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  const agent = created.json<AgentDetail>();
  const activated = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/agents/${agent.id}/activate`,
    headers: bearer(owner.token),
  });
  if (activated.statusCode !== 200) throw new Error(`activate answered ${activated.statusCode}: ${activated.body}`);
  return { ...owner, agent: activated.json<AgentDetail>() };
}

/** A context of the agent, straight into the table (as ingestion would store it). */
export async function addContext(ctx: TestContext, owner: AgentOwner, text: string): Promise<number> {
  const row = await ctx.db.one<{ id: number }>(
    'insert into contexts (user_id, agent_id, content) values ($1, $2, $3) returning id',
    [owner.userId, owner.agent.id, text],
  );
  return Number(row.id);
}

export { customerWrites, newCustomer };

/** What the customer's phone (the simulator) got from the owner's number, oldest first. */
export async function customerReceived(db: Db, owner: Owner, customer: string) {
  return db.query<{ wamid: string; text: string; context_wamid: string | null }>(
    `select wamid, body ->> 'body' as text, context_wamid from sandbox_messages
      where phone_number_id = $1 and wa_id = $2 and direction = 'outbound' order by created_at, wamid`,
    [owner.phoneNumberId, customer],
  );
}

export async function messagesIn(ctx: TestContext, owner: Owner, customer: string): Promise<Message[]> {
  const response = await ctx.app.inject({ method: 'GET', url: inboxUrl(customer), headers: bearer(owner.token) });
  if (response.statusCode !== 200) throw new Error(`messages answered ${response.statusCode}: ${response.body}`);
  return response.json<Message[]>();
}

export async function conversationOf(ctx: TestContext, owner: Owner, customer: string): Promise<Conversation> {
  const found = (await conversationsOf(ctx.app, owner.token)).find((item) => item.id === `${customer}@c.us`);
  if (!found) throw new Error(`no conversation with ${customer}`);
  return found;
}

export async function escalationsOf(ctx: TestContext, owner: Owner) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/escalations', headers: bearer(owner.token) });
  if (response.statusCode !== 200) throw new Error(`escalations answered ${response.statusCode}: ${response.body}`);
  return response.json<Escalation[]>();
}

export function handback(ctx: TestContext, token: string, conversationId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/messages/conversations/${encodeURIComponent(conversationId)}/handback`,
    headers: bearer(token),
  });
}

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

export function textResult(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: USAGE,
    warnings: [],
  };
}

export function toolCallResult(reason: string): LanguageModelV3GenerateResult {
  return {
    content: [
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'escalate_to_human', input: JSON.stringify({ reason }) },
    ],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: USAGE,
    warnings: [],
  };
}

/** An AI SDK mock model that answers `text` (or runs `generate`), recording its calls. */
export function mockModel(
  answer: string | ((options: LanguageModelV3CallOptions) => Promise<LanguageModelV3GenerateResult>),
) {
  return new MockLanguageModelV3({
    doGenerate: typeof answer === 'string' ? async () => textResult(answer) : answer,
  });
}

/** A mock model's calls by the reply pipeline (the memory job calls the same model, without tools). */
export function replyCalls(model: MockLanguageModelV3): LanguageModelV3CallOptions[] {
  return model.doGenerateCalls.filter((call) => (call.tools ?? []).length > 0);
}

/** The text of the last user message a model was called with. */
export function lastUserText(options: LanguageModelV3CallOptions): string {
  const user = options.prompt.filter((message) => message.role === 'user').at(-1);
  if (!user || user.role !== 'user') return '';
  return user.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

export function systemText(options: LanguageModelV3CallOptions): string {
  return options.prompt
    .filter((message) => message.role === 'system')
    .map((message) => (message.role === 'system' ? message.content : ''))
    .join('\n');
}
