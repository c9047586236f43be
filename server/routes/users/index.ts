import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AvailabilityResponse, MessageResponse, UpdateProfileBody, UserProfile } from '../../../contract';
import { deleteAccount, getProfile, updateProfile } from '../../services/accounts/profile';
import { checkEmail, checkUsername } from '../../services/accounts/registration';
import { accountDeps, BEARER_AUTH, clientOf, ErrorResponse } from '../shared';

const users: FastifyPluginAsyncTypebox = async (app) => {
  const deps = accountDeps(app);

  app.get(
    '/users/me',
    {
      onRequest: app.authenticate,
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
      onRequest: app.authenticate,
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
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Delete the account and everything it owns; every session ends',
        security: BEARER_AUTH,
        response: { 200: MessageResponse, 401: ErrorResponse },
      },
    },
    async (request) => deleteAccount(app.db, request.user.id),
  );

  app.get(
    '/users/check-username/:username',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether a username is taken (case-insensitive)',
        params: Type.Object({ username: Type.String() }),
        response: { 200: AvailabilityResponse, 429: ErrorResponse },
      },
    },
    async (request) => checkUsername(deps, request.params.username, clientOf(request)),
  );

  app.get(
    '/users/check-email/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether an email address is registered (case-insensitive)',
        params: Type.Object({ email: Type.String() }),
        response: { 200: AvailabilityResponse, 429: ErrorResponse },
      },
    },
    async (request) => checkEmail(deps, request.params.email, clientOf(request)),
  );
};

export default users;
