import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { MEDIA_KINDS, MEDIA_LIMITS } from '../../../contract';
import {
  accessiblePhoneNumber,
  accessibleWaba,
  exchangeCode,
  register,
  subscribe,
  subscribedApps,
  unsubscribe,
  wabaOfToken,
  type CodeExchange,
} from './accounts';
import { graphErrors, SandboxGraphError } from './errors';
import {
  deleteMedia,
  downloadMedia,
  findMedia,
  MEDIA_DOWNLOAD_PATH,
  mediaNode,
  readUploadParts,
  uploadMedia,
  type DownloadQuery,
} from './media';
import { postMessage } from './messages';
import { readNode } from './nodes';
import {
  createTemplate,
  deleteTemplate,
  finishReview,
  listTemplates,
  type TemplateListQuery,
  type TemplateRow,
} from './templates';
import { businessMessageSent } from '../statuses';
import { partnerAddedPayload, templateStatusPayload, type SandboxWebhooks } from '../webhooks';

/**
 * The Graph API simulator, mounted at /sandbox/graph while no Meta app is configured: exactly the
 * calls Threadline makes, with Meta's shapes and Meta's error objects (never our ErrorBody).
 * Hidden from /api/docs: it is Meta's API, not ours.
 */

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const VERSION = /^v[0-9]+\.[0-9]+$/;

type Params = { version: string; id: string };

/** How long after the code exchange the sandbox sends PARTNER_ADDED (Meta's arrives on its own schedule). */
export const PARTNER_ADDED_DELAY_MS = 1_000;

function tokenOf(request: FastifyRequest): string | undefined {
  const fromHeader = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return fromHeader ?? (request.query as { access_token?: string }).access_token;
}

function toGraphError(app: FastifyInstance, error: FastifyError): SandboxGraphError {
  if (error instanceof SandboxGraphError) return error;
  if ((error.statusCode ?? 500) < 500) return graphErrors.badParameter('Invalid parameter', error.message);
  app.log.error({ err: error }, 'sandbox graph failed');
  return graphErrors.unavailable();
}

/** The largest file Meta takes of any kind: an upload is read no further (one byte more says "too large"). */
const MAX_UPLOAD_BYTES = Math.max(...MEDIA_KINDS.map((kind) => MEDIA_LIMITS[kind].maxBytes));

/** What every group of Graph routes works with. */
interface GraphContext {
  db: FastifyInstance['db'];
  settings: FastifyInstance['whatsapp']['settings'];
  webhooks: SandboxWebhooks;
  /** The sandbox's own Meta app, as the code exchange and subscriptions name it. */
  sandboxApp: { id: string; name: string; secret: string };
  /** The WABA the request's token was issued for. */
  callerWaba: (request: FastifyRequest) => Promise<string>;
}

const hidden = { schema: { hide: true } };

/** Meta's error objects for everything that fails, an unknown path, or an unknown version. */
function answerAsGraph(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const graphError = toGraphError(app, error);
    return reply.status(graphError.httpStatus).send(graphError.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    const graphError = graphErrors.unknownPath(request.url.split('?')[0]);
    return reply.status(graphError.httpStatus).send(graphError.toBody());
  });
  app.addHook('preHandler', async (request) => {
    const { version } = request.params as Partial<Params>;
    if (version !== undefined && !VERSION.test(version)) throw graphErrors.unknownPath(`Unknown version ${version}`);
  });
}

/** The code exchange, the app's subscription to a WABA, and a number's registration. */
function accountRoutes(app: FastifyInstance, { db, webhooks, sandboxApp, callerWaba }: GraphContext) {
  /**
   * Like Meta since Embedded Signup v4, the sandbox also tells of the finished signup by the
   * account_update webhook (PARTNER_ADDED), a moment after the code became a token: by then the app
   * usually subscribed to the WABA, without which the sandbox sends it no webhook.
   */
  app.get('/:version/oauth/access_token', hidden, async (request) => {
    const { waba_id: wabaId, ...exchanged } = await exchangeCode(db, sandboxApp, request.query as CodeExchange);
    webhooks.later(PARTNER_ADDED_DELAY_MS, async () => {
      const waba = await db.maybeOne<{ owner_business_id: string }>(
        'select owner_business_id from sandbox_wabas where id = $1',
        [wabaId],
      );
      if (waba) await webhooks.send({ waba_id: wabaId }, partnerAddedPayload(wabaId, waba.owner_business_id));
    });
    return exchanged;
  });

  app.get<{ Params: Params }>('/:version/:id/subscribed_apps', hidden, async (request) => {
    const waba = await accessibleWaba(db, await callerWaba(request), request.params.id);
    return subscribedApps(db, waba.id);
  });

  app.post<{ Params: Params }>('/:version/:id/subscribed_apps', hidden, async (request) => {
    const waba = await accessibleWaba(db, await callerWaba(request), request.params.id);
    return subscribe(db, waba.id, sandboxApp);
  });

  app.delete<{ Params: Params }>('/:version/:id/subscribed_apps', hidden, async (request) => {
    const waba = await accessibleWaba(db, await callerWaba(request), request.params.id);
    return unsubscribe(db, waba.id, sandboxApp.id);
  });

  app.post<{ Params: Params }>('/:version/:id/register', hidden, async (request) => {
    const phone = await accessiblePhoneNumber(db, await callerWaba(request), request.params.id);
    return register(db, phone, request.body);
  });
}

function messageRoutes(app: FastifyInstance, { db, webhooks, callerWaba }: GraphContext) {
  app.post<{ Params: Params }>('/:version/:id/messages', hidden, async (request) => {
    const phone = await accessiblePhoneNumber(db, await callerWaba(request), request.params.id);
    return postMessage(db, phone, request.body, {
      sent: (wamid, waId, failure) => businessMessageSent(webhooks, db, phone, wamid, waId, failure),
    });
  });
}

/** Uploads (multipart, read no further than Meta's largest file) and their downloads. */
async function mediaRoutes(app: FastifyInstance, { db, settings, callerWaba }: GraphContext) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 4, parts: 5 },
    throwFileSizeLimit: false,
  });

  app.post<{ Params: Params }>(
    '/:version/:id/media',
    { ...hidden, bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 },
    async (request) => {
      const phone = await accessiblePhoneNumber(db, await callerWaba(request), request.params.id);
      if (!request.isMultipart())
        throw graphErrors.badParameter('Invalid parameter', 'Upload media as multipart/form-data.');
      return uploadMedia(db, phone, await readUploadParts(request.parts()));
    },
  );

  app.get<{ Querystring: DownloadQuery }>(MEDIA_DOWNLOAD_PATH, hidden, async (request, reply) => {
    const media = await downloadMedia(db, await callerWaba(request), request.query, settings.appSecret);
    return reply.type(media.mimeType).header('content-length', media.bytes.length).send(media.bytes);
  });
}

function templateRoutes(app: FastifyInstance, { db, webhooks, callerWaba }: GraphContext, reviewMs: number) {
  /** The pretend review: a moment after submission the template is approved or rejected, and our webhook told. */
  const review = (template: TemplateRow) =>
    webhooks.later(reviewMs, async () => {
      const reviewed = await finishReview(db, template.id);
      if (!reviewed) return;
      const value = {
        event: reviewed.status as 'APPROVED' | 'REJECTED',
        message_template_id: Number(reviewed.id),
        message_template_name: reviewed.name,
        message_template_language: reviewed.language,
        reason: reviewed.rejected_reason ?? 'NONE',
      };
      await webhooks.send({ waba_id: reviewed.waba_id }, templateStatusPayload(reviewed.waba_id, value));
    });

  app.get<{ Params: Params; Querystring: TemplateListQuery }>(
    '/:version/:id/message_templates',
    hidden,
    async (request) => {
      const waba = await accessibleWaba(db, await callerWaba(request), request.params.id);
      return listTemplates(db, waba, request.query);
    },
  );

  app.post<{ Params: Params }>('/:version/:id/message_templates', hidden, async (request) => {
    const waba = await accessibleWaba(db, await callerWaba(request), request.params.id);
    const template = await createTemplate(db, waba, request.body);
    review(template);
    return { id: template.id, status: template.status, category: template.category };
  });

  app.delete<{ Params: Params; Querystring: { name?: string; hsm_id?: string } }>(
    '/:version/:id/message_templates',
    hidden,
    async (request) => {
      const waba = await accessibleWaba(db, await callerWaba(request), request.params.id);
      return deleteTemplate(db, waba, request.query);
    },
  );
}

/** GET and DELETE /{id}: a media (by its id) or else a WABA or number's fields. */
function nodeRoutes(app: FastifyInstance, { db, settings, callerWaba }: GraphContext) {
  app.get<{ Params: Params; Querystring: { fields?: string; phone_number_id?: string } }>(
    '/:version/:id',
    hidden,
    async (request) => {
      const wabaId = await callerWaba(request);
      const media = await findMedia(db, wabaId, request.params.id, request.query.phone_number_id);
      if (media) return mediaNode(media, settings.graphBaseUrl(), settings.appSecret);
      return readNode(db, wabaId, request.params.id, request.query.fields);
    },
  );

  app.delete<{ Params: Params; Querystring: { phone_number_id?: string } }>(
    '/:version/:id',
    hidden,
    async (request) => {
      const media = await findMedia(db, await callerWaba(request), request.params.id, request.query.phone_number_id);
      if (!media) throw graphErrors.objectMissing(request.params.id);
      return deleteMedia(db, media);
    },
  );
}

export default async function sandboxGraph(app: FastifyInstance, options: { webhooks: SandboxWebhooks }) {
  const { settings } = app.whatsapp;
  const db = app.db;
  const context: GraphContext = {
    db,
    settings,
    webhooks: options.webhooks,
    sandboxApp: { id: settings.appId, name: settings.appName, secret: settings.appSecret },
    callerWaba: (request) => wabaOfToken(db, tokenOf(request)),
  };
  answerAsGraph(app);
  accountRoutes(app, context);
  messageRoutes(app, context);
  await mediaRoutes(app, context);
  templateRoutes(app, context, app.config.whatsapp.sandboxTemplateReviewMs);
  nodeRoutes(app, context);
}
