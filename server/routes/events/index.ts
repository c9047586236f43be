import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { LIVE_HEARTBEAT_MS, type LiveEvent } from '../../../contract';
import { TooManyRequests } from '../../errors';
import { LAST_USE_GRANULARITY_SECONDS, sessionRevoked, useSession } from '../../services/auth/sessions';
import { inboxVersion } from '../../services/live/hub';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/** How often an open stream records its session as used (as often as a request would write it). */
const SESSION_USE_EVERY_MS = LAST_USE_GRANULARITY_SECONDS * 1000;

/** How long a browser waits before reconnecting a stream that ended (the SSE `retry` field). */
const RECONNECT_AFTER_MS = 3_000;

/** One SSE message: `id` (the stream position) only on `inbox.version`. */
function sseMessage(event: LiveEvent): string {
  const id = event.type === 'inbox.version' ? `id: ${event.version}\n` : '';
  return `${id}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Takes the response over as an event stream: its headers (the hooks' too) and the reconnect delay. */
function openStream(reply: FastifyReply): ServerResponse {
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
  return raw;
}

/**
 * A comment line every LIVE_HEARTBEAT_MS; and an open stream uses its session (an inbox left open is
 * an owner waiting for customers), once every SESSION_USE_EVERY_MS: its idle limit then never ends
 * it, its expiry still does.
 */
function startHeartbeat(app: FastifyInstance, request: FastifyRequest, raw: ServerResponse): NodeJS.Timeout {
  const { id: userId, sessionId } = request.user;
  let usedAt = Date.now();
  return setInterval(() => {
    raw.write(': heartbeat\n\n');
    if (Date.now() - usedAt < SESSION_USE_EVERY_MS) return;
    usedAt = Date.now();
    useSession(app.db, app.config.sessionIdle, userId, sessionId).then(
      (until) => app.live.sessionUsed(sessionId, until),
      (error: unknown) => request.log.warn({ err: error }, 'live: could not record the session as used'),
    );
  }, LIVE_HEARTBEAT_MS);
}

/** The owner's position (`inbox.version`), after `resync` when the reconnect's Last-Event-ID is another. */
async function sendPosition(
  app: FastifyInstance,
  request: FastifyRequest<{ Headers: { 'last-event-id'?: string } }>,
  send: (event: LiveEvent) => void,
): Promise<void> {
  const version = await inboxVersion(app.db, request.user.id);
  const lastEventId = request.headers['last-event-id'];
  if (lastEventId !== undefined && lastEventId !== String(version)) send({ type: 'resync' });
  send({ type: 'inbox.version', version });
}

/**
 * GET /events: the signed-in owner's live events as Server-Sent Events, with the access token in
 * the Authorization header (never in the URL). The stream opens with the owner's position
 * (`inbox.version`, also its SSE id); a reconnect whose Last-Event-ID is another position first
 * gets `resync`. A comment line every LIVE_HEARTBEAT_MS keeps it open through idle proxies. The
 * stream ends with the token's session: at logout or a password change, whichever node it happens
 * on, and when the session expires (the browser's reconnect then gets 401). An open stream is use of its
 * session, so the idle limit ends only sessions no page holds open.
 */
const events: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['live'],
        security: BEARER_AUTH,
        summary:
          'Live events of the signed-in owner (text/event-stream): messages, conversations, hand-overs, documents, ' +
          'the connection; `Last-Event-ID` resumes',
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 32 })) }),
        response: {
          200: Type.String({ description: 'text/event-stream' }),
          401: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { id: userId, sessionId, activeUntilMs } = request.user;
      const limit = app.config.liveStreamsPerOwner;
      if (app.live.count(userId) >= limit) {
        throw new TooManyRequests(
          `At most ${limit} live streams per account are open at once; close another tab.`,
          RECONNECT_AFTER_MS / 1000,
        );
      }
      reply.hijack();
      const raw = openStream(reply);
      const send = (event: LiveEvent) => raw.write(sseMessage(event));
      const heartbeat = startHeartbeat(app, request, raw);
      // Listening before reading the position: a change committed in between is both counted
      // in the position and sent, never neither; and a logout committed since the token was
      // checked is either heard or seen below.
      const end = () => raw.end();
      const unsubscribe = app.live.subscribe({ userId, sessionId, activeUntilMs }, { send, end });
      raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
      try {
        if (await sessionRevoked(app.db, sessionId)) {
          unsubscribe();
          end();
          return;
        }
        await sendPosition(app, request, send);
      } catch (error) {
        request.log.error({ err: error }, 'live: could not open the stream');
        raw.end();
      }
    },
  );
};

export default events;
