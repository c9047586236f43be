import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { getIn, type FormikProps } from 'formik';
import { TEMPLATE_LANGUAGES, type TemplateLanguage } from '../../../contract/template-languages';
import { TEMPLATE_CATEGORIES, variableNumbers } from '../../../contract/template-rules';
import { fieldProps, touchedError } from '../../components/formField';
import type { TemplateFormValues } from './templateValues';

export interface TemplateFieldsProps {
  form: FormikProps<TemplateFormValues>;
  /** The server's refusal of a field, shown on it. */
  blamed: (field: keyof TemplateFormValues | 'body_examples' | 'header_examples') => string | undefined;
}

const languageLabel = (language: TemplateLanguage) => `${language.name} (${language.code})`;

/** Meta's template languages by name, searchable by name or code. */
function LanguagePicker({ form, blamed }: TemplateFieldsProps) {
  const chosen = TEMPLATE_LANGUAGES.find((language) => language.code === form.values.language) ?? null;
  const shown = blamed('language') ?? touchedError(form, 'language');
  return (
    <Autocomplete
      options={TEMPLATE_LANGUAGES}
      value={chosen}
      getOptionLabel={languageLabel}
      isOptionEqualToValue={(option, value) => option.code === value.code}
      onChange={(_, language) => void form.setFieldValue('language', language?.code ?? '')}
      onBlur={() => void form.setFieldTouched('language', true)}
      fullWidth
      renderInput={(params) => (
        <TextField {...params} name="language" label="Language" required error={Boolean(shown)} helperText={shown} />
      )}
    />
  );
}

interface SampleFieldsProps extends TemplateFieldsProps {
  text: string;
  field: 'bodyExamples' | 'headerExamples';
  /** How a sample field is named: 'Sample for {{1}}', 'Header sample for {{1}}'. */
  label: (n: number) => string;
}

/** A sample value for each {{n}} of `text`: Meta reviews the template with them, and the preview shows them. */
function SampleFields({ form, blamed, text, field, label }: SampleFieldsProps) {
  const numbers = variableNumbers(text);
  if (numbers.length === 0) return null;
  const serverMessage = blamed(field === 'bodyExamples' ? 'body_examples' : 'header_examples');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {numbers.map((n, index) => {
        const name = `${field}.${n - 1}`;
        // An empty sample was never in the values, so a submit does not mark it touched: the submit counts.
        const visited = Boolean(getIn(form.touched, name)) || form.submitCount > 0;
        const error = visited ? (getIn(form.errors, name) as string | undefined) : undefined;
        const shown = error ?? (index === 0 ? serverMessage : undefined);
        return (
          <TextField
            key={name}
            {...form.getFieldProps(name)}
            value={form.values[field][n - 1] ?? ''}
            label={label(n)}
            required
            error={Boolean(shown)}
            helperText={shown}
            sx={{ flex: '1 1 12rem' }}
          />
        );
      })}
    </Stack>
  );
}

/** The template's parts: name, language, category, header, body and their samples, footer, quick replies. */
export default function TemplateFields({ form, blamed }: TemplateFieldsProps) {
  const bodyProps = fieldProps(form, 'body', blamed('body'));
  const buttonsProps = fieldProps(form, 'buttons', blamed('buttons'));
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
        <LanguagePicker form={form} blamed={blamed} />
        <TextField {...fieldProps(form, 'category', blamed('category'))} select label="Category" fullWidth>
          {TEMPLATE_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              {category.charAt(0) + category.slice(1).toLowerCase()}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField {...fieldProps(form, 'header', blamed('header'))} label="Header (optional)" fullWidth />
      <SampleFields
        form={form}
        blamed={blamed}
        text={form.values.header}
        field="headerExamples"
        label={(n) => `Header sample for {{${n}}}`}
      />
      <TextField
        {...bodyProps}
        helperText={bodyProps.helperText ?? 'Use {{1}}, {{2}}… where values go, e.g. the customer’s name.'}
        label="Message"
        required
        multiline
        minRows={3}
        fullWidth
      />
      <SampleFields
        form={form}
        blamed={blamed}
        text={form.values.body}
        field="bodyExamples"
        label={(n) => `Sample for {{${n}}}`}
      />
      <TextField {...fieldProps(form, 'footer', blamed('footer'))} label="Footer (optional)" fullWidth />
      <TextField
        {...buttonsProps}
        helperText={buttonsProps.helperText ?? 'One quick-reply button a line.'}
        label="Quick-reply buttons (optional)"
        multiline
        minRows={2}
        fullWidth
      />
    </>
  );
}
