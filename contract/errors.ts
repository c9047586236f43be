import { Type, type Static } from 'typebox';

/**
 * Every error body: `detail` and `message` carry the same human text so that both client readings
 * of SPEC.md §8 work; `code` is stable for machines; `field` names the one input at fault.
 */
export const ErrorBody = Type.Object(
  {
    detail: Type.String(),
    message: Type.String(),
    code: Type.String(),
    field: Type.Optional(Type.String()),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;
