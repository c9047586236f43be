import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectTemplateCreate } from './selectors';
import { templateSubmitted } from './slice';
import TemplateFields, { type TemplateFieldsProps } from './TemplateFields';
import TemplatePreview from './TemplatePreview';
import { emptyTemplateValues, templateSchema, toNewTemplate } from './templateValues';

/** The fields the server may blame that the form shows (its own names, and the API's for the samples). */
const FORM_FIELDS = new Set([...Object.keys(emptyTemplateValues(undefined)), 'body_examples', 'header_examples']);

export interface TemplateFormProps {
  onCancel: () => void;
}

/**
 * A new template: its name, language, category, optional header and footer, body with {{1}}
 * variables and a sample for each, quick replies; beside them a preview as the customer's phone shows it.
 */
export default function TemplateForm({ onCancel }: TemplateFormProps) {
  const dispatch = useAppDispatch();
  const create = useAppSelector(selectTemplateCreate);
  const initialValues = useMemo(() => emptyTemplateValues(globalThis.navigator?.language), []);
  const blamed: TemplateFieldsProps['blamed'] = (field) =>
    create.status === 'failed' && create.refusal?.field === field ? create.refusal.message : undefined;
  const unplaced =
    create.status === 'failed' && create.refusal && !(create.refusal.field && FORM_FIELDS.has(create.refusal.field))
      ? create.refusal.message
      : undefined;

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={templateSchema}
      onSubmit={(values) => {
        dispatch(templateSubmitted(toNewTemplate(values)));
      }}
    >
      {(form) => (
        <Form noValidate aria-label="New template">
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}
          >
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
            <Box sx={{ alignSelf: 'start', position: { md: 'sticky' }, top: { md: 16 } }}>
              <TemplatePreview {...form.values} />
            </Box>
          </Box>
        </Form>
      )}
    </Formik>
  );
}
