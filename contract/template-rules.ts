/**
 * The rules of WhatsApp message templates that the server enforces and the SPA checks before it
 * submits: limits, patterns, the refusals' texts and how {{n}} variables are read and filled. No
 * schema library here, so that the SPA's bundle can import these values.
 */

export const TEMPLATE_LIMITS = {
  /** Lowercase letters, digits and underscores (Meta's rule for template names). */
  nameMaxLength: 512,
  bodyMaxLength: 1024,
  headerMaxLength: 60,
  footerMaxLength: 60,
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
  footerTooLong: `The footer must be at most ${TEMPLATE_LIMITS.footerMaxLength} characters.`,
  footerVariables: 'A footer cannot have variables.',
  /** Meta reviews a template with a sample value for each variable. */
  exampleRequired: (n: number) => `Give a sample value for {{${n}}}.`,
  examplesCount: 'Give one sample value for each variable, in order.',
  exampleTooLong: `A sample value must be at most ${TEMPLATE_LIMITS.valueMaxLength} characters.`,
  languageUnknown: 'Choose a language from the list.',
  tooManyButtons: `At most ${TEMPLATE_LIMITS.maxButtons} buttons.`,
  buttonText: `Each button needs a text of 1 to ${TEMPLATE_LIMITS.buttonTextMaxLength} characters.`,
  notFound: 'Template not found.',
  notApproved: 'Only templates WhatsApp has approved can be sent.',
  needsPhoneNumber:
    'WhatsApp sends authentication templates only to a phone number, and this customer wrote with their number hidden behind a username. Send another template, or ask them to share their number.',
  /** Refused before sending (issue 28): WhatsApp would fail it with 131050. */
  marketingStopped:
    'This customer stopped marketing messages from your business in WhatsApp, so a marketing template cannot reach them. Send a utility template, or wait until they resume them.',
  values: (expected: number) => `Fill in ${expected === 1 ? 'the value' : `all ${expected} values`} of the template.`,
  valueTooLong: `A value must be at most ${TEMPLATE_LIMITS.valueMaxLength} characters.`,
} as const;

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The numbers of the {{n}} in a text, in order of appearance. */
export function templateVariables(text: string): number[] {
  return [...text.matchAll(VARIABLE)].map((match) => Number(match[1]));
}

/** The distinct variable numbers of a text, in ascending order: the sample values it needs. */
export function variableNumbers(text: string): number[] {
  return [...new Set(templateVariables(text))].sort((a, b) => a - b);
}

/** The text with each {{n}} replaced by the n-th value (kept as it is when there is none). */
export function fillTemplate(text: string, values: readonly string[]): string {
  return text.replace(VARIABLE, (whole, n: string) => values[Number(n) - 1] ?? whole);
}
