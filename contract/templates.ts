import { Type, type Static } from 'typebox';
import { TEMPLATE_CATEGORIES } from './template-rules';

export * from './template-rules';
export * from './template-review';
export * from './template-languages';

/**
 * WhatsApp message templates: the only messages WhatsApp delivers outside the 24-hour window. The
 * owner writes one here, Meta reviews it (PENDING → APPROVED or REJECTED, told by webhook), and an
 * approved one can be sent to any customer with a value for each {{n}} variable.
 */

export const TemplateStatus = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('APPROVED'),
  Type.Literal('REJECTED'),
  Type.Literal('PAUSED'),
  Type.Literal('DISABLED'),
]);
export type TemplateStatus = Static<typeof TemplateStatus>;

export const Template = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** e.g. 'en_US'. */
  language: Type.String(),
  category: Type.String(),
  status: TemplateStatus,
  /** Meta's reason when rejected (e.g. 'INVALID_FORMAT'); null otherwise. */
  rejected_reason: Type.Union([Type.String(), Type.Null()]),
  /** With {{1}}, {{2}}… where values go. */
  body: Type.String(),
  header: Type.Union([Type.String(), Type.Null()]),
  /** The small grey line under the body; absent or null without one. */
  footer: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Quick-reply buttons' texts. */
  buttons: Type.Array(Type.String()),
  /** How many values the body takes ({{1}}…{{n}}), and the header (0 or 1). */
  body_variables: Type.Integer({ minimum: 0 }),
  header_variables: Type.Integer({ minimum: 0 }),
  /**
   * Meta re-categorised it (the `template_category_update` webhook): the category it had and when it
   * changed; null when Meta never changed it.
   */
  category_change: Type.Optional(
    Type.Union([Type.Object({ from: Type.String(), at: Type.String({ format: 'date-time' }) }), Type.Null()]),
  ),
});
export type Template = Static<typeof Template>;

export const TemplateList = Type.Array(Template);
export type TemplateList = Static<typeof TemplateList>;

/** GET /templates?sync=true reads the WABA's templates from WhatsApp first. */
export const TemplatesQuery = Type.Object({ sync: Type.Optional(Type.Boolean()) });
export type TemplatesQuery = Static<typeof TemplatesQuery>;

/** POST /templates: submitted to Meta for review. */
export const NewTemplate = Type.Object({
  name: Type.String({ description: 'lowercase letters, digits and underscores' }),
  language: Type.String({ description: "a code such as 'en' or 'en_US'" }),
  category: Type.String({ description: TEMPLATE_CATEGORIES.join(' or ') }),
  body: Type.String({ description: 'The text, with {{1}}, {{2}}… for values' }),
  header: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  footer: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  buttons: Type.Optional(Type.Array(Type.String(), { description: 'Quick-reply button texts' })),
  /** A sample value for each {{n}} of the body, in order: Meta's review reads them (its `example`). */
  body_examples: Type.Optional(Type.Array(Type.String(), { description: 'One sample value per body variable' })),
  header_examples: Type.Optional(Type.Array(Type.String(), { description: 'The sample value of the header’s {{1}}' })),
});
export type NewTemplate = Static<typeof NewTemplate>;

/** POST /messages/conversations/{id}/template. */
export const TemplateSendBody = Type.Object({
  template_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  body_values: Type.Array(Type.String()),
  header_values: Type.Optional(Type.Array(Type.String())),
});
export type TemplateSendBody = Static<typeof TemplateSendBody>;
