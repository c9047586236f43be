import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_RATE_CARD_SOURCE, type CostReport } from '../../../contract/costs';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { costsMonthStepped, costsRetryClicked, rateEditorOpened, selectCosts } from './costsSlice';
import DataTable from './DataTable';
import { categoryName, formatCount, formatMoney, monthName } from './format';
import RateCardDialog from './RateCardDialog';
import RetryAlert from './RetryAlert';

/** The card's title, the month shown with the arrows that step it, and 'Edit rates'. */
function CostsHeader() {
  const dispatch = useAppDispatch();
  const { month, rateCard } = useAppSelector(selectCosts);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
    >
      <Typography id="costs-title" variant="h6" component="h2">
        Costs
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton
          size="small"
          aria-label="Previous month"
          disabled={!month}
          onClick={() => dispatch(costsMonthStepped(-1))}
        >
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
        <Typography variant="body2" sx={{ minWidth: 120, textAlign: 'center' }}>
          {month ? monthName(month) : ''}
        </Typography>
        <IconButton
          size="small"
          aria-label="Next month"
          disabled={!month}
          onClick={() => dispatch(costsMonthStepped(1))}
        >
          <ChevronRightIcon fontSize="small" />
        </IconButton>
        <Button size="small" variant="outlined" disabled={!rateCard} onClick={() => dispatch(rateEditorOpened())}>
          Edit rates
        </Button>
      </Stack>
    </Stack>
  );
}

export interface CostsReportProps {
  report: CostReport;
}

/** The month's estimate: the total, the billed messages per category, and whose rates priced them. */
function CostsReport({ report: shown }: CostsReportProps) {
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Estimated cost for {monthName(shown.month)}
        </Typography>
        <Typography variant="h4" component="p" aria-label="Estimated cost">
          {formatMoney(shown.total, shown.currency)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatCount(shown.billed)} billed messages
          {shown.unpriced > 0 ? `, ${formatCount(shown.unpriced)} of a category without a rate` : ''}.
        </Typography>
      </Box>
      <DataTable
        caption="Billed messages per category"
        columns={['Category', 'Billed', 'Rate', 'Subtotal']}
        rows={shown.categories.map((row) => [
          categoryName(row.category),
          formatCount(row.billed),
          formatMoney(row.rate, shown.currency),
          formatMoney(row.subtotal, shown.currency),
        ])}
      />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
        An estimate from your rates per category.{' '}
        {shown.rates_are_default ? `Default rates: ${DEFAULT_RATE_CARD_SOURCE}` : 'Your own rates.'}
      </Typography>
    </>
  );
}

/**
 * /analytics' Costs card: the month's messages WhatsApp billed, per category, and what they cost at
 * the owner's rates — an estimate, since Meta's real rate depends on each customer's country.
 */
export default function CostsCard() {
  const dispatch = useAppDispatch();
  const { status, report, rateCard, error } = useAppSelector(selectCosts);
  const loading = status === 'idle' || status === 'loading';
  const shown = loading ? null : report;

  return (
    <Card variant="outlined" component="section" aria-labelledby="costs-title">
      <CardContent>
        <CostsHeader />
        {status === 'failed' && error && <RetryAlert message={error} onRetry={() => dispatch(costsRetryClicked())} />}
        {loading && <Skeleton variant="rectangular" height={160} />}
        {shown && <CostsReport report={shown} />}
      </CardContent>
      <RateCardDialog rateCard={rateCard} />
    </Card>
  );
}
