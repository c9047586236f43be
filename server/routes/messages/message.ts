import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireConversation } from '../../services/inbox/conversations';
import { inlineDisposition, readMessageFile } from '../../services/inbox/message-file';
import { hideMessage } from '../../services/inbox/messages';
import { ErrorResponse } from '../shared';
import { common, MessageParams } from './common';

const NoContent = Type.Null({ description: 'Hidden' });

/** One stored message: its file (a photo, voice note …) and hiding it from the owner's view. */
const message: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/messages/conversations/:id/media/:messageId',
    {
      schema: {
        ...common,
        summary: 'The file of a photo, voice note, video, document or sticker, once its media is ready',
        description:
          'Served with the type its bytes showed (never HTML), to the owner of the conversation only; 404 for a ' +
          'message without a ready file.',
        params: MessageParams,
        produces: ['image/jpeg', 'image/png', 'image/webp', 'audio/ogg', 'video/mp4', 'application/pdf'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file' }),
          401: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      const file = await readMessageFile(app.db, app.media.store, conversation, request.params.messageId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', inlineDisposition(file.filename))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );

  app.delete(
    '/messages/conversations/:id/messages/:messageId',
    {
      schema: {
        ...common,
        summary: 'Hide one of the owner’s messages from their view (WhatsApp has no unsend)',
        params: MessageParams,
        response: { 204: NoContent, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      await hideMessage(app.db, conversation, request.params.messageId);
      return reply.code(204).send(null);
    },
  );
};

export default message;
