import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UNSTORABLE } from '../db/text';
import { BadRequest, ValidationFailed } from '../errors';

/** Deeper than any body the API takes (Meta's webhooks nest about ten levels). */
export const MAX_JSON_DEPTH = 64;

export const INPUT_ERRORS = {
  tooDeep: `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  unstorable: (field: string) => `${field} contains a character that cannot be stored.`,
  notFinite: (field: string) => `${field} must be a finite number.`,
} as const;

/**
 * The first number of a path, query or body that is not finite, named as the API names it
 * (`items.2.price`). Ajv coerces the text 'Infinity' (or '1e309') of a number field into Infinity
 * and then skips its minimum and maximum, which check finite numbers only; such a value must reach
 * neither SQL nor a stored event. Bodies were walked for depth before validation.
 */
function nonFiniteField(root: unknown, path = ''): string | undefined {
  if (typeof root === 'number') return Number.isFinite(root) ? undefined : path || 'body';
  if (root === null || typeof root !== 'object') return undefined;
  const entries: [string, unknown][] = Array.isArray(root)
    ? root.map((item, index) => [String(index), item])
    : Object.entries(root);
  for (const [key, value] of entries) {
    const found = nonFiniteField(value, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/** A JSON body as parsed; a raw Buffer (the webhook's) or a stream holds no numbers of ours. */
function plainBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const prototype = Object.getPrototypeOf(body) as unknown;
  return prototype === Object.prototype || prototype === null ? body : undefined;
}

type Finding = { problem: 'unstorable' | 'tooDeep'; field: string };

/**
 * The first problem of a JSON value, walked without recursion so that no nesting can overflow the
 * stack: a string (or key) the database cannot hold, or nesting beyond MAX_JSON_DEPTH. Fields are
 * named as the API names them (`items.2.name`). `anyObject` walks objects of any class (params and
 * queries); in a body only plain objects are text (a raw Buffer, the webhook's, or a stream is not).
 */
function findProblem(root: unknown, anyObject = false): Finding | undefined {
  const stack: { value: unknown; path: string; name: string; depth: number }[] = [
    { value: root, path: '', name: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, name, depth } = stack.pop()!;
    if (UNSTORABLE.test(name)) return { problem: 'unstorable', field: path };
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return { problem: 'unstorable', field: path || 'body' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (!Array.isArray(value) && !anyObject) {
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) continue;
    }
    if (depth >= MAX_JSON_DEPTH) return { problem: 'tooDeep', field: path || 'body' };
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
    // Pushed in reverse so that the first problem in document order is the one named.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index];
      stack.push({ value: item, path: path ? `${path}.${key}` : key, name: key, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Every request's text is checked before validation: a NUL character or a lone surrogate half in
 * any text a person or a client sends (body, query, path) is a 422 on that field, not a failed
 * statement and a 500; a body nested beyond MAX_JSON_DEPTH is a 400. After validation, a number
 * that is not finite is a 422 on its field.
 */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const found = findProblem(request.params, true) ?? findProblem(request.query, true) ?? findProblem(request.body);
      if (found?.problem === 'tooDeep') throw new BadRequest(INPUT_ERRORS.tooDeep, found.field, 'too_deep');
      if (found) throw new ValidationFailed(INPUT_ERRORS.unstorable(found.field), found.field);
    });
    app.addHook('preHandler', async (request) => {
      const field =
        nonFiniteField(request.params) ?? nonFiniteField(request.query) ?? nonFiniteField(plainBody(request.body));
      if (field) throw new ValidationFailed(INPUT_ERRORS.notFinite(field), field);
    });
  },
  { name: 'input-guard' },
);
