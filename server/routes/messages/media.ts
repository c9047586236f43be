import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MEDIA_LIMITS, Message, SENDABLE_MEDIA_KINDS } from '../../../contract';
import { ValidationFailed } from '../../errors';
import { requireConversation } from '../../services/inbox/conversations';
import { sendMedia, type OutgoingFile } from '../../services/inbox/send-media';
import { displayFilename, TooManyFiles, uploadFailure, UPLOAD_ERRORS } from '../uploads';
import { BEARER_AUTH, ConversationParams, ErrorResponse, inboxDeps, SEND_FAILURES } from '../shared';

/** The largest file WhatsApp sends (a 100 MB document); one byte more says "too large". */
const MAX_MEDIA_BYTES = Math.max(...SENDABLE_MEDIA_KINDS.map((kind) => MEDIA_LIMITS[kind].maxBytes));

interface MediaForm {
  file?: OutgoingFile;
  fields: Record<string, string>;
}

async function readMediaForm(parts: AsyncIterable<MultipartFile | MultipartValue>): Promise<MediaForm> {
  const form: MediaForm = { fields: {} };
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw new ValidationFailed(UPLOAD_ERRORS.fileRequired, 'file');
      if (form.file) throw new TooManyFiles();
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      const filename = displayFilename(part.filename);
      if (bytes.length === 0) throw new ValidationFailed(UPLOAD_ERRORS.emptyFile(filename), 'file', 'empty_file');
      form.file = { bytes, filename, declaredType: part.mimetype };
    }
  } catch (error) {
    throw uploadFailure(error);
  }
  return form;
}

/** POST /messages/conversations/{id}/media: a photo, video, audio or document to the customer. */
const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_MEDIA_BYTES + 1, files: 1, fields: 3, parts: 4, fieldSize: 8 * 1024 },
    throwFileSizeLimit: false,
  });

  app.post(
    '/messages/conversations/:id/media',
    {
      schema: {
        tags: ['messages'],
        security: BEARER_AUTH,
        summary: 'Send a photo, video, audio file or document (field `file`) with an optional `caption`',
        description:
          'Multipart fields: `file` (one), `caption` (images, videos and documents; ≤ 1024 characters), ' +
          '`in_reply_to_message_id` (a wamid of this conversation to quote). The type is decided by the ' +
          'bytes and held to WhatsApp’s limits before anything is sent: JPEG/PNG images ≤ 5 MB, MP4/3GPP ' +
          'videos and AAC/AMR/MP3/M4A/OGG audio ≤ 16 MB, PDF/text/Office documents ≤ 100 MB (415 for a ' +
          'type WhatsApp does not take, 413 naming the limit). Answers the stored message.',
        consumes: ['multipart/form-data'],
        params: ConversationParams,
        response: { 201: Message, ...SEND_FAILURES, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      if (!request.isMultipart()) throw new ValidationFailed(UPLOAD_ERRORS.fileRequired, 'file');
      const form = await readMediaForm(request.parts());
      if (!form.file) throw new ValidationFailed(UPLOAD_ERRORS.fileRequired, 'file');
      const message = await sendMedia(
        { ...inboxDeps(app, request), store: app.media.store },
        {
          userId: request.user.id,
          conversationId: conversation.id,
          file: form.file,
          caption: form.fields.caption,
          inReplyTo: form.fields.in_reply_to_message_id || undefined,
          sender: 'human',
        },
      );
      return reply.code(201).send(message);
    },
  );
};

export default mediaRoutes;
