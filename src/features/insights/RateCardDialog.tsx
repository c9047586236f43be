import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Form, Formik, type FormikProps } from 'formik';
import * as Yup from 'yup';
import {
  COSTS_ERRORS,
  CURRENCY_CODE,
  isRate,
  PRICING_CATEGORIES,
  type PricingCategory,
  type RateCard,
} from '../../../contract/costs';
import { fieldProps } from '../../components/formField';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { rateEditorClosed, ratesSubmitted, selectRateEditor } from './costsSlice';
import { categoryName } from './format';

type RateValues = { currency: string } & Record<PricingCategory, string>;

const rate = (category: PricingCategory) => {
  const refusal = `${categoryName(category)} ${COSTS_ERRORS.badRate}`;
  return Yup.number()
    .typeError(refusal)
    .required(refusal)
    .test('rate', refusal, (value) => value === undefined || isRate(value));
};

const rateCardSchema = Yup.object({
  currency: Yup.string()
    .trim()
    .required(COSTS_ERRORS.badCurrency)
    .test('currency', COSTS_ERRORS.badCurrency, (value) => CURRENCY_CODE.test(value.toUpperCase())),
  ...Object.fromEntries(PRICING_CATEGORIES.map((category) => [category, rate(category)])),
});

function valuesOf(card: RateCard): RateValues {
  return {
    currency: card.currency,
    ...(Object.fromEntries(PRICING_CATEGORIES.map((category) => [category, String(card.rates[category])])) as Record<
      PricingCategory,
      string
    >),
  };
}

/** What the dialog sends: the currency in capitals, each rate as a number. */
function rateCardOf(values: RateValues) {
  return {
    currency: values.currency.trim().toUpperCase(),
    rates: Object.fromEntries(PRICING_CATEGORIES.map((category) => [category, Number(values[category])])),
  };
}

export interface RateFieldsProps {
  form: FormikProps<RateValues>;
  /** The field the server blamed ('currency' or a category), if any. */
  serverField: string | undefined;
  serverError: string | null;
}

/** The currency, then a rate per category; the server's refusal shows on the field it named. */
function RateFields({ form, serverField, serverError }: RateFieldsProps) {
  return (
    <Stack spacing={2}>
      <TextField
        {...fieldProps(form, 'currency', serverField === 'currency' ? (serverError ?? undefined) : undefined)}
        label="Currency"
        slotProps={{ htmlInput: { maxLength: 3 } }}
      />
      {PRICING_CATEGORIES.map((category) => (
        <TextField
          key={category}
          {...fieldProps(form, category, serverField === category ? (serverError ?? undefined) : undefined)}
          label={categoryName(category)}
          inputMode="decimal"
        />
      ))}
    </Stack>
  );
}

export interface RateCardDialogProps {
  rateCard: RateCard | null;
}

/** 'Edit rates': the owner's rate per delivered message of each category, and its currency. */
export default function RateCardDialog({ rateCard }: RateCardDialogProps) {
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectRateEditor);
  const saving = editor.status === 'saving';
  const close = () => dispatch(rateEditorClosed());
  // The server's refusal shows on the field it named ('rates.marketing' → the marketing field).
  const serverField = editor.field?.replace(/^rates\./, '');

  return (
    <Dialog
      open={editor.status !== 'closed'}
      onClose={saving ? undefined : close}
      aria-labelledby="rate-card-title"
      fullWidth
    >
      {rateCard && (
        <Formik
          initialValues={valuesOf(rateCard)}
          validationSchema={rateCardSchema}
          onSubmit={(values) => {
            dispatch(ratesSubmitted(rateCardOf(values)));
          }}
        >
          {(form) => (
            <Form noValidate>
              <DialogTitle id="rate-card-title">Edit rates</DialogTitle>
              <DialogContent>
                <DialogContentText sx={{ mb: 2 }}>
                  What WhatsApp charges you per delivered message of each category. Meta&apos;s real rates depend on
                  each customer&apos;s country, so the month&apos;s cost is an estimate.
                </DialogContentText>
                {editor.error && (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {editor.error}
                  </Alert>
                )}
                <RateFields form={form} serverField={serverField} serverError={editor.error} />
              </DialogContent>
              <DialogActions>
                <Button onClick={close} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" disabled={saving}>
                  {saving ? 'Saving...' : 'Save'}
                </Button>
              </DialogActions>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
