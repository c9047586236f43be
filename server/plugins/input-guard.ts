import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UNSTORABLE } from '../db/text';
import { ValidationFailed } from '../errors';

/** The first string of a JSON value (path, as the API names fields) that the database cannot hold. */
function unstorableField(value: unknown, path: string, anyObject = false): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || 'body' : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableField(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  // In a body, plain objects only: a raw Buffer (the webhook's) or a stream is not text.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!anyObject && prototype !== Object.prototype && prototype !== null) return undefined;
  for (const [name, item] of Object.entries(value)) {
    const field = path ? `${path}.${name}` : name;
    if (UNSTORABLE.test(name)) return field;
    const found = unstorableField(item, field);
    if (found) return found;
  }
  return undefined;
}

/**
 * A NUL character or a lone surrogate half in any text a person or a client sends (body, query,
 * path) is a 422 on that field, not a failed statement and a 500.
 */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const field =
        unstorableField(request.params, '', true) ??
        unstorableField(request.query, '', true) ??
        unstorableField(request.body, '');
      if (field) throw new ValidationFailed(`${field} contains a character that cannot be stored.`, field);
    });
  },
  { name: 'input-guard' },
);
