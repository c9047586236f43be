import * as Yup from 'yup';
import {
  DEFAULT_TEMPLATE_LANGUAGE,
  TEMPLATE_LANGUAGES,
  templateLanguageFor,
} from '../../../contract/template-languages';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_ERRORS,
  TEMPLATE_LIMITS,
  TEMPLATE_NAME_PATTERN,
  templateVariables,
  variableNumbers,
} from '../../../contract/template-rules';
import type { NewTemplate } from '../../../contract';

/** The new-template form's values: the template's parts and a sample value for each {{n}}. */
export interface TemplateFormValues {
  name: string;
  language: string;
  category: string;
  header: string;
  body: string;
  footer: string;
  /** Quick-reply buttons, one a line. */
  buttons: string;
  /** The sample of the body's {{n}} at index n - 1. */
  bodyExamples: string[];
  /** The sample of the header's {{1}}. */
  headerExamples: string[];
}

/** An empty form, in the browser's language when WhatsApp has it (else en_US). */
export function emptyTemplateValues(locale: string | undefined): TemplateFormValues {
  return {
    name: '',
    language: locale ? templateLanguageFor(locale) : DEFAULT_TEMPLATE_LANGUAGE,
    category: 'UTILITY',
    header: '',
    body: '',
    footer: '',
    buttons: '',
    bodyExamples: [],
    headerExamples: [],
  };
}

export const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const inOrder = (text: string | undefined) => templateVariables(text ?? '').every((n, i) => n === i + 1);
const LANGUAGE_CODES = TEMPLATE_LANGUAGES.map((language) => language.code);

/** Each {{n}} of the sibling field `textField` needs a sample, blamed on its own field (`bodyExamples.0`). */
function samplesOf(textField: 'body' | 'header', examplesField: 'bodyExamples' | 'headerExamples') {
  return Yup.array(Yup.string().max(TEMPLATE_LIMITS.valueMaxLength, TEMPLATE_ERRORS.exampleTooLong)).test(
    'samples',
    function check(examples) {
      const text = (this.parent as TemplateFormValues)[textField];
      const missing = variableNumbers(text ?? '').find((n) => !examples?.[n - 1]?.trim());
      return missing === undefined
        ? true
        : this.createError({
            path: `${examplesField}.${missing - 1}`,
            message: TEMPLATE_ERRORS.exampleRequired(missing),
          });
    },
  );
}

export const templateSchema = Yup.object({
  name: Yup.string()
    .trim()
    .required(TEMPLATE_ERRORS.name)
    .max(TEMPLATE_LIMITS.nameMaxLength, TEMPLATE_ERRORS.nameTooLong)
    .matches(new RegExp(TEMPLATE_NAME_PATTERN), TEMPLATE_ERRORS.name),
  language: Yup.string()
    .required(TEMPLATE_ERRORS.languageUnknown)
    .oneOf(LANGUAGE_CODES, TEMPLATE_ERRORS.languageUnknown),
  category: Yup.string().oneOf([...TEMPLATE_CATEGORIES], TEMPLATE_ERRORS.category),
  header: Yup.string()
    .max(TEMPLATE_LIMITS.headerMaxLength, TEMPLATE_ERRORS.headerTooLong)
    .test('header-variables', TEMPLATE_ERRORS.headerVariables, (text) => {
      const variables = templateVariables(text ?? '');
      return variables.length === 0 || (variables.length === 1 && variables[0] === 1);
    }),
  body: Yup.string()
    .trim()
    .required(TEMPLATE_ERRORS.bodyRequired)
    .max(TEMPLATE_LIMITS.bodyMaxLength, TEMPLATE_ERRORS.bodyTooLong)
    .test('variables-in-order', TEMPLATE_ERRORS.variablesInOrder, inOrder),
  footer: Yup.string()
    .max(TEMPLATE_LIMITS.footerMaxLength, TEMPLATE_ERRORS.footerTooLong)
    .test('footer-variables', TEMPLATE_ERRORS.footerVariables, (text) => templateVariables(text ?? '').length === 0),
  buttons: Yup.string()
    .test(
      'button-count',
      TEMPLATE_ERRORS.tooManyButtons,
      (text) => lines(text ?? '').length <= TEMPLATE_LIMITS.maxButtons,
    )
    .test('button-text', TEMPLATE_ERRORS.buttonText, (text) =>
      lines(text ?? '').every((line) => line.length <= TEMPLATE_LIMITS.buttonTextMaxLength),
    ),
  bodyExamples: samplesOf('body', 'bodyExamples'),
  headerExamples: samplesOf('header', 'headerExamples'),
});

/** The samples of `text`'s variables, in order, from the form's list (index n - 1 for {{n}}). */
const samplesFor = (text: string, examples: readonly string[]) =>
  variableNumbers(text).map((n) => (examples[n - 1] ?? '').trim());

export function toNewTemplate(values: TemplateFormValues): NewTemplate {
  const header = values.header.trim();
  const body = values.body.trim();
  return {
    name: values.name.trim(),
    language: values.language,
    category: values.category,
    body,
    header: header || null,
    footer: values.footer.trim() || null,
    buttons: lines(values.buttons),
    body_examples: samplesFor(body, values.bodyExamples),
    ...(header ? { header_examples: samplesFor(header, values.headerExamples) } : {}),
  };
}
