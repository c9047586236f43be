import type { FormikProps } from 'formik';

type FieldSource<Values> = Pick<FormikProps<Values>, 'getFieldProps' | 'touched' | 'errors'>;

/** The field's validation message once the person has touched it. */
export function touchedError<Values>(form: FieldSource<Values>, name: keyof Values & string): string | undefined {
  const error = form.touched[name] && form.errors[name];
  return typeof error === 'string' ? error : undefined;
}

/**
 * Everything an MUI text field needs from Formik: value and handlers, and the error state with its
 * message — `message` when the caller has one (e.g. the server blamed this field), else the
 * validation message once the field was touched.
 */
export function fieldProps<Values>(form: FieldSource<Values>, name: keyof Values & string, message?: string) {
  const shown = message ?? touchedError(form, name);
  return { ...form.getFieldProps(name), error: Boolean(shown), helperText: shown };
}
