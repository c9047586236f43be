import { Type, type Static } from 'typebox';

/**
 * WhatsApp message templates: the only messages WhatsApp delivers outside the 24-hour window. The
 * owner writes one here, Meta reviews it (PENDING → APPROVED or REJECTED, told by webhook), and an
 * approved one can be sent to any customer with a value for each {{n}} variable.
 */

export const TEMPLATE_LIMITS = {
  /** Lowercase letters, digits and underscores (Meta's rule for template names). */
  nameMaxLength: 512,
  bodyMaxLength: 1024,
  headerMaxLength: 60,
  buttonTextMaxLength: 25,
  maxButtons: 10,
  /** A value sent for one variable. */
  valueMaxLength: 1024,
} as const;

export const TEMPLATE_NAME_PATTERN = '^[a-z0-9_]+$';
export const TEMPLATE_LANGUAGE_PATTERN = '^[a-z]{2,3}(_[A-Z]{2})?$';

/** The categories a template written here may have (authentication templates have a form of their own). */
export const TEMPLATE_CATEGORIES = ['UTILITY', 'MARKETING'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

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
  /** Quick-reply buttons' texts. */
  buttons: Type.Array(Type.String()),
  /** How many values the body takes ({{1}}…{{n}}), and the header (0 or 1). */
  body_variables: Type.Integer({ minimum: 0 }),
  header_variables: Type.Integer({ minimum: 0 }),
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
  buttons: Type.Optional(Type.Array(Type.String(), { description: 'Quick-reply button texts' })),
});
export type NewTemplate = Static<typeof NewTemplate>;

/** POST /messages/conversations/{id}/template. */
export const TemplateSendBody = Type.Object({
  template_id: Type.Integer(),
  body_values: Type.Array(Type.String()),
  header_values: Type.Optional(Type.Array(Type.String())),
});
export type TemplateSendBody = Static<typeof TemplateSendBody>;

export const TEMPLATE_ERRORS = {
  name: 'Use lowercase letters, digits and underscores only (e.g. order_update).',
  nameTooLong: `A name must be at most ${TEMPLATE_LIMITS.nameMaxLength} characters.`,
  nameTaken: 'A template with this name and language exists already.',
  language: "Use a language code such as 'en' or 'en_US'.",
  category: `Choose ${TEMPLATE_CATEGORIES.join(' or ')}.`,
  bodyRequired: 'The message text is required.',
  bodyTooLong: `The message text must be at most ${TEMPLATE_LIMITS.bodyMaxLength} characters.`,
  variablesInOrder: 'Number the variables {{1}}, {{2}}… in order, without gaps.',
  headerTooLong: `The header must be at most ${TEMPLATE_LIMITS.headerMaxLength} characters.`,
  headerVariables: 'A header may have one variable, {{1}}.',
  tooManyButtons: `At most ${TEMPLATE_LIMITS.maxButtons} buttons.`,
  buttonText: `Each button needs a text of 1 to ${TEMPLATE_LIMITS.buttonTextMaxLength} characters.`,
  notFound: 'Template not found.',
  notApproved: 'Only templates WhatsApp has approved can be sent.',
  values: (expected: number) => `Fill in ${expected === 1 ? 'the value' : `all ${expected} values`} of the template.`,
  valueTooLong: `A value must be at most ${TEMPLATE_LIMITS.valueMaxLength} characters.`,
} as const;

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The numbers of the {{n}} in a text, in order of appearance. */
export function templateVariables(text: string): number[] {
  return [...text.matchAll(VARIABLE)].map((match) => Number(match[1]));
}

/** The text with each {{n}} replaced by the n-th value (kept as it is when there is none). */
export function fillTemplate(text: string, values: readonly string[]): string {
  return text.replace(VARIABLE, (whole, n: string) => values[Number(n) - 1] ?? whole);
}
