import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse, UpdateProfileBody, UserProfile } from '../../../contract';
import { deleteAccount, getProfile, updateProfile } from '../../services/accounts/profile';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/** The signed-in owner's account. Whether a name or address is free: availability.ts. */
const users: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in owner’s profile',
        security: BEARER_AUTH,
        response: { 200: UserProfile, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => getProfile(app.db, request.user.id),
  );

  app.put(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Edit names and bio; email and username in the body are ignored',
        security: BEARER_AUTH,
        body: UpdateProfileBody,
        response: { 200: UserProfile, 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => updateProfile(app.db, request.user.id, request.body),
  );

  app.delete(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete the account and everything it owns; every session ends',
        security: BEARER_AUTH,
        response: { 200: MessageResponse, 401: ErrorResponse },
      },
    },
    async (request) => deleteAccount(app.db, request.user.id),
  );
};

export default users;
