import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { AnalyticsSummary } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { analyticsOpened, analyticsRetryClicked, selectAnalytics } from './analyticsSlice';
import { formatCount, formatDuration, formatRate } from './format';
import RetryAlert from './RetryAlert';
import StatCard from './StatCard';
import StatGrid from './StatGrid';
import AnalyticsCharts from './AnalyticsCharts';
import CostsCard from './CostsCard';
import ExportButtons from './ExportButtons';
import RangePicker from './RangePicker';
import PageTitle from '../../components/PageTitle';

/** The figures at the top of /analytics, each with the line that explains it; dashes while loading. */
function analyticsTiles(shown: AnalyticsSummary | null) {
  return [
    {
      title: 'Conversations',
      value: formatCount(shown?.conversations),
      hint: `${formatCount(shown?.new_conversations)} new in this range.`,
    },
    {
      title: 'Messages',
      value: formatCount(shown?.messages.total),
      hint: `${formatCount(shown?.messages.customer)} from customers, ${formatCount(shown?.messages.ai)} by the AI, ${formatCount(shown?.messages.human)} by people.`,
    },
    {
      title: 'AI Response Rate',
      value: formatRate(shown?.ai_response_rate),
      hint: 'Customer messages the AI answered.',
    },
    {
      title: 'AI Resolution Rate',
      value: formatRate(shown?.ai_resolution_rate),
      hint: 'Conversations answered only by the AI.',
    },
    {
      title: 'Median First Response',
      value: formatDuration(shown?.first_response.ai.median_seconds),
      hint: `By the AI; people: ${formatDuration(shown?.first_response.human.median_seconds)}.`,
    },
    {
      title: 'Hand-overs',
      value: formatCount(shown?.handovers.total),
      hint: 'Conversations handed to a person.',
    },
  ];
}

/** The page's title and what it is about, with the export buttons beside them. */
function AnalyticsHeader() {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
    >
      <Box>
        <PageTitle title="Analytics" />
        <Typography variant="h4" component="h1" gutterBottom>
          Analytics
        </Typography>
        <Typography color="text.secondary">
          How your customers write and how your AI assistant and your team answer. Times are in your time zone.
        </Typography>
      </Box>
      <ExportButtons />
    </Stack>
  );
}

/** /analytics (DESIGN.md §12): what happened in a range, from the owner's data. */
export default function AnalyticsPage() {
  const dispatch = useAppDispatch();
  const { status, summary, timeseries, error } = useAppSelector(selectAnalytics);
  const loading = status === 'idle' || status === 'loading';

  useEffect(() => {
    dispatch(analyticsOpened());
  }, [dispatch]);

  const shown = loading ? null : summary;
  const tiles = analyticsTiles(shown);

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack spacing={3}>
        <AnalyticsHeader />
        <RangePicker />
        {status === 'failed' && error && (
          <RetryAlert message={error} onRetry={() => dispatch(analyticsRetryClicked())} />
        )}
        <StatGrid columns={3}>
          {tiles.map((tile) => (
            <StatCard key={tile.title} {...tile} change={null} loading={loading} headingLevel="h2" />
          ))}
        </StatGrid>
        <AnalyticsCharts loading={loading} summary={shown} timeseries={loading ? null : timeseries} />
        <CostsCard />
      </Stack>
    </Box>
  );
}
