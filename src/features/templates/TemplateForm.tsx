import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Form, Formik, type FormikProps } from 'formik';
import * as Yup from 'yup';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_ERRORS,
  TEMPLATE_LANGUAGE_PATTERN,
  TEMPLATE_LIMITS,
  TEMPLATE_NAME_PATTERN,
  templateVariables,
} from '../../../contract/template-rules';
import type { NewTemplate } from '../../../contract';
import { fieldProps } from '../../components/formField';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectTemplateCreate } from './selectors';
import { templateSubmitted } from './slice';

export interface TemplateFormValues {
  name: string;
  language: string;
  category: string;
  header: string;
  body: string;
  /** Quick-reply buttons, one a line. */
  buttons: string;
}

const EMPTY: TemplateFormValues = {
  name: '',
  language: 'en_US',
  category: 'UTILITY',
  header: '',
  body: '',
  buttons: '',
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const inOrder = (text: string | undefined) => templateVariables(text ?? '').every((n, i) => n === i + 1);

export const templateSchema = Yup.object({
  name: Yup.string()
    .trim()
    .required(TEMPLATE_ERRORS.name)
    .max(TEMPLATE_LIMITS.nameMaxLength, TEMPLATE_ERRORS.nameTooLong)
    .matches(new RegExp(TEMPLATE_NAME_PATTERN), TEMPLATE_ERRORS.name),
  language: Yup.string()
    .trim()
    .required(TEMPLATE_ERRORS.language)
    .matches(new RegExp(TEMPLATE_LANGUAGE_PATTERN), TEMPLATE_ERRORS.language),
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
  buttons: Yup.string()
    .test(
      'button-count',
      TEMPLATE_ERRORS.tooManyButtons,
      (text) => lines(text ?? '').length <= TEMPLATE_LIMITS.maxButtons,
    )
    .test('button-text', TEMPLATE_ERRORS.buttonText, (text) =>
      lines(text ?? '').every((line) => line.length <= TEMPLATE_LIMITS.buttonTextMaxLength),
    ),
});

export function toNewTemplate(values: TemplateFormValues): NewTemplate {
  return {
    name: values.name.trim(),
    language: values.language.trim(),
    category: values.category,
    body: values.body.trim(),
    header: values.header.trim() || null,
    buttons: lines(values.buttons),
  };
}

export interface TemplateFieldsProps {
  form: FormikProps<TemplateFormValues>;
  /** The server's refusal of a field, shown on it. */
  blamed: (field: keyof TemplateFormValues) => string | undefined;
}

function TemplateFields({ form, blamed }: TemplateFieldsProps) {
  return (
    <>
      <TextField
        {...fieldProps(form, 'name', blamed('name'))}
        label="Name"
        required
        placeholder="order_update"
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...fieldProps(form, 'language', blamed('language'))} label="Language" required fullWidth />
        <TextField {...fieldProps(form, 'category', blamed('category'))} select label="Category" fullWidth>
          {TEMPLATE_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              {category.charAt(0) + category.slice(1).toLowerCase()}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField {...fieldProps(form, 'header', blamed('header'))} label="Header (optional)" fullWidth />
      <TextField
        {...fieldProps(form, 'body', blamed('body'))}
        helperText={
          fieldProps(form, 'body', blamed('body')).helperText ??
          'Use {{1}}, {{2}}… where values go, e.g. the customer’s name.'
        }
        label="Message"
        required
        multiline
        minRows={3}
        fullWidth
      />
      <TextField
        {...fieldProps(form, 'buttons', blamed('buttons'))}
        helperText={fieldProps(form, 'buttons', blamed('buttons')).helperText ?? 'One quick-reply button a line.'}
        label="Quick-reply buttons (optional)"
        multiline
        minRows={2}
        fullWidth
      />
    </>
  );
}

export interface TemplateFormProps {
  onCancel: () => void;
}

/** A new template: its name, language, category, optional header, body with {{1}} variables, quick replies. */
export default function TemplateForm({ onCancel }: TemplateFormProps) {
  const dispatch = useAppDispatch();
  const create = useAppSelector(selectTemplateCreate);
  const blamed = (field: keyof TemplateFormValues) =>
    create.status === 'failed' && create.refusal?.field === field ? create.refusal.message : undefined;
  const unplaced =
    create.status === 'failed' && create.refusal && !(create.refusal.field && create.refusal.field in EMPTY)
      ? create.refusal.message
      : undefined;

  return (
    <Formik
      initialValues={EMPTY}
      validationSchema={templateSchema}
      onSubmit={(values) => {
        dispatch(templateSubmitted(toNewTemplate(values)));
      }}
    >
      {(form) => (
        <Form noValidate aria-label="New template">
          <Stack spacing={2}>
            <TemplateFields form={form} blamed={blamed} />
            {unplaced && (
              <TextField value={unplaced} error label="Not submitted" slotProps={{ input: { readOnly: true } }} />
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={onCancel}>Cancel</Button>
              <Button type="submit" variant="contained" loading={create.status === 'saving'}>
                Submit for review
              </Button>
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
