import crypto from 'node:crypto';

/**
 * The simulator's failures, answered as Meta's error object:
 * `{ error: { message: '(#code) title', type, code, error_subcode?, error_data?, fbtrace_id } }`.
 */
export class SandboxGraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    readonly title: string,
    readonly options: {
      type?: string;
      subcode?: number;
      details?: string;
      userTitle?: string;
      userMessage?: string;
    } = {},
  ) {
    super(`(#${code}) ${title}`);
    this.name = 'SandboxGraphError';
  }

  toBody() {
    const { type = 'OAuthException', subcode, details, userTitle, userMessage } = this.options;
    return {
      error: {
        message: this.message,
        type,
        code: this.code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        ...(details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details } }),
        ...(userTitle === undefined ? {} : { error_user_title: userTitle }),
        ...(userMessage === undefined ? {} : { error_user_msg: userMessage }),
        fbtrace_id: crypto.randomBytes(12).toString('base64url'),
      },
    };
  }
}

export const graphErrors = {
  tokenMissing: () => new SandboxGraphError(401, 104, 'An access token is required to request this resource.'),
  tokenInvalid: () => new SandboxGraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token'),
  tokenRevoked: () =>
    new SandboxGraphError(401, 190, 'Error validating access token: The session has been invalidated.', {
      subcode: 460,
    }),
  badParameter: (title: string, details?: string) =>
    new SandboxGraphError(400, 100, title, { details, type: 'OAuthException' }),
  /** Meta's answer both for an object that does not exist and for one the token may not see. */
  objectMissing: (id: string) =>
    new SandboxGraphError(
      400,
      100,
      `Unsupported request - Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      { subcode: 33, type: 'GraphMethodException' },
    ),
  unknownField: (field: string, nodeType: string) =>
    new SandboxGraphError(400, 100, `Tried accessing nonexisting field (${field}) on node type (${nodeType})`),
  unknownApplication: () => new SandboxGraphError(400, 101, 'Error validating application. Invalid application ID.'),
  wrongClientSecret: () => new SandboxGraphError(400, 1, 'Error validating client secret.'),
  /** Registering a number whose two-step verification PIN was set, with another PIN. */
  pinMismatch: () =>
    new SandboxGraphError(400, 133005, 'Two step verification PIN Mismatch', {
      details: 'The two-step verification PIN is not the one set on this phone number.',
    }),
  notRegistered: () =>
    new SandboxGraphError(400, 133010, 'Account not registered', {
      details: 'The phone number is not registered with the Cloud API. Register it first.',
    }),
  outsideWindow: () =>
    new SandboxGraphError(400, 131047, 'Re-engagement message', {
      details:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    }),
  /** 131053: Meta's answer to an upload it will not take (type, size) or a media id it does not know. */
  mediaUpload: (details: string) => new SandboxGraphError(400, 131053, 'Media upload error', { details }),
  /** A template Meta refuses at submission (code 100 with the reason for the person, as Meta writes it). */
  invalidTemplate: (userTitle: string, userMessage: string) =>
    new SandboxGraphError(400, 100, 'Invalid parameter', { subcode: 2388043, userTitle, userMessage }),
  templateMissing: (name: string, language: string) =>
    new SandboxGraphError(404, 132001, 'Template name does not exist in the translation', {
      details: `template name (${name}) does not exist in ${language}`,
    }),
  templateParameters: (expected: number, given: number) =>
    new SandboxGraphError(400, 132000, 'Number of parameters does not match the expected number of params', {
      details: `body: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
    }),
  unknownPath: (path: string) => new SandboxGraphError(400, 100, `Unknown path components: ${path}`),
  unavailable: () =>
    new SandboxGraphError(500, 2, 'Service temporarily unavailable', { type: 'OAuthException', details: undefined }),
};
