/**
 * Errors are values with codes (STYLE.md 13): services throw these, and the error handler turns
 * them into the contract's error body `{ detail, message, code, field? }`. Each takes its
 * arguments in one order: the message, the field at fault (where one can be), the code.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailed extends AppError {
  constructor(message: string, field?: string, code = 'validation_failed') {
    super(422, code, message, field);
  }
}

export class BadRequest extends AppError {
  constructor(message: string, field?: string, code = 'bad_request') {
    super(400, code, message, field);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Not authenticated', code = 'unauthorized') {
    super(401, code, message);
  }
}

export class Forbidden extends AppError {
  constructor(message: string, code = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found', code = 'not_found') {
    super(404, code, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, field?: string, code = 'conflict') {
    super(409, code, message, field);
  }
}

export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'rate_limited', message);
  }
}
