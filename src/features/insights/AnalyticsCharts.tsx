import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { Link as RouterLink } from 'react-router';
import type { AnalyticsSummary, Timeseries } from '../../../contract';
import { formatDuration, formatRate } from './format';
import ChartCard from './ChartCard';
import DataTable from './DataTable';
import HeatMap, { busyGrid, WEEKDAYS } from './HeatMap';
import { timeAxis } from './timeAxis';

/** The height of every chart. */
const CHART_HEIGHT = 260;

/**
 * Each chart is a picture of the table its card offers, hidden from assistive technology (ChartCard): its
 * own keyboard navigation would be a tab stop inside that hidden box (axe's aria-hidden-focus).
 */
const PICTURE_ONLY = { disableKeyboardNavigation: true } as const;

export interface AnalyticsChartsProps {
  loading: boolean;
  summary: AnalyticsSummary | null;
  timeseries: Timeseries | null;
}

// Drawn over time: one point per hour or day of the range.

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 100));

function ConversationsChart({ loading, summary, timeseries }: AnalyticsChartsProps) {
  const { points, labels, per } = timeAxis(timeseries);
  const noMessages = !summary || summary.messages.total === 0;
  return (
    <ChartCard
      title="Conversations and messages"
      description={`Conversations and messages per ${per}, by who wrote them.`}
      loading={loading}
      empty={noMessages}
      table={{
        columns: ['Period', 'Conversations', 'Customer', 'AI', 'Person'],
        rows: points.map((point, index) => [
          labels[index],
          point.conversations,
          point.customer_messages,
          point.ai_messages,
          point.human_messages,
        ]),
      }}
    >
      <BarChart
        {...PICTURE_ONLY}
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: labels }]}
        series={[
          { label: 'Conversations', data: points.map((point) => point.conversations) },
          { label: 'Customer', data: points.map((point) => point.customer_messages) },
          { label: 'AI', data: points.map((point) => point.ai_messages) },
          { label: 'Person', data: points.map((point) => point.human_messages) },
        ]}
      />
    </ChartCard>
  );
}

function ResponseRateChart({ loading, summary, timeseries }: AnalyticsChartsProps) {
  const { points, labels, drawsLine } = timeAxis(timeseries);
  const noMessages = !summary || summary.messages.total === 0;
  const series = {
    label: 'AI response rate (%)',
    data: points.map((point) => percent(point.ai_response_rate)),
    valueFormatter: (value: number | null) => (value === null ? 'N/A' : `${value}%`),
  };
  return (
    <ChartCard
      title="AI response rate"
      description="Customer messages the AI answered, of all customer messages."
      loading={loading}
      empty={noMessages}
      table={{
        columns: ['Period', 'AI response rate'],
        rows: points.map((point, index) => [labels[index], formatRate(point.ai_response_rate)]),
      }}
    >
      {drawsLine ? (
        <LineChart
          {...PICTURE_ONLY}
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ min: 0, max: 100 }]}
          // A point on its own between points without customer messages has no line to draw: its mark is it.
          series={[{ ...series, connectNulls: true, showMark: true }]}
        />
      ) : (
        <BarChart
          {...PICTURE_ONLY}
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ min: 0, max: 100 }]}
          series={[series]}
        />
      )}
    </ChartCard>
  );
}

function HandoversChart({ loading, summary, timeseries }: AnalyticsChartsProps) {
  const { points, labels, per } = timeAxis(timeseries);
  return (
    <ChartCard
      title="Hand-overs"
      description={`Conversations handed to a person, per ${per}.`}
      loading={loading}
      empty={!summary || summary.handovers.total === 0}
      emptyText="No hand-overs in this range."
      table={{
        columns: ['Period', 'Hand-overs'],
        rows: points.map((point, index) => [labels[index], point.handovers]),
      }}
    >
      <BarChart
        {...PICTURE_ONLY}
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: labels }]}
        series={[{ label: 'Hand-overs', data: points.map((point) => point.handovers) }]}
      />
    </ChartCard>
  );
}

// Drawn from the range's totals: response times, hand-over reasons, who and when.

export interface SummaryChartProps {
  loading: boolean;
  summary: AnalyticsSummary | null;
}

/** Hand-over kinds as the owner reads them. */
const REASONS: Record<string, string> = {
  customer_asked: 'Customer asked for a person',
  model: 'The AI chose to hand over',
  no_knowledge: 'Lack of knowledge',
  ai_unavailable: 'AI unavailable',
  key_rejected: 'Model API key rejected',
  media: 'Media the AI cannot read',
  send_uncertain: 'AI answer may not have arrived',
  send_failed: 'WhatsApp could not send the AI answer',
};
const reasonLabel = (kind: string) => REASONS[kind] ?? kind.replace(/_/g, ' ');

const conversationHref = (conversationId: string) => `/messages?c=${encodeURIComponent(conversationId)}`;

const minutes = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : Math.round((seconds / 60) * 10) / 10;

type FirstResponse = AnalyticsSummary['first_response'];

/** The first-response table's rows: who answered, the median, the 90th percentile and how many answers. */
function responseRows(firstResponse: FirstResponse | undefined) {
  return firstResponse
    ? [
        [
          'AI',
          formatDuration(firstResponse.ai.median_seconds),
          formatDuration(firstResponse.ai.p90_seconds),
          firstResponse.ai.count,
        ],
        [
          'People',
          formatDuration(firstResponse.human.median_seconds),
          formatDuration(firstResponse.human.p90_seconds),
          firstResponse.human.count,
        ],
      ]
    : [];
}

function FirstResponseChart({ loading, summary }: SummaryChartProps) {
  const firstResponse = summary?.first_response;
  return (
    <ChartCard
      title="First response time"
      description="From a customer message to its first answer: the median and the slowest 10% (90th percentile)."
      loading={loading}
      empty={!firstResponse || firstResponse.ai.count + firstResponse.human.count === 0}
      emptyText="No answered customer messages in this range."
      table={{ columns: ['Answered by', 'Median', '90th percentile', 'Answers'], rows: responseRows(firstResponse) }}
    >
      <BarChart
        {...PICTURE_ONLY}
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: ['AI', 'People'] }]}
        yAxis={[{ label: 'minutes' }]}
        series={[
          {
            label: 'Median (min)',
            data: [minutes(firstResponse?.ai.median_seconds), minutes(firstResponse?.human.median_seconds)],
          },
          {
            label: '90th percentile (min)',
            data: [minutes(firstResponse?.ai.p90_seconds), minutes(firstResponse?.human.p90_seconds)],
          },
        ]}
      />
    </ChartCard>
  );
}

function HandoverReasonsChart({ loading, summary }: SummaryChartProps) {
  const reasons = summary?.handovers.by_reason ?? [];
  return (
    <ChartCard
      title="Hand-overs by reason"
      description="Why conversations went to a person."
      loading={loading}
      empty={!summary || reasons.length === 0}
      emptyText="No hand-overs in this range."
      table={{
        columns: ['Reason', 'Hand-overs'],
        rows: reasons.map((reason) => [reasonLabel(reason.kind), reason.count]),
      }}
    >
      <BarChart
        {...PICTURE_ONLY}
        height={CHART_HEIGHT}
        layout="horizontal"
        yAxis={[
          {
            scaleType: 'band',
            data: reasons.map((reason) => reasonLabel(reason.kind)),
            width: 160,
          },
        ]}
        series={[{ label: 'Hand-overs', data: reasons.map((reason) => reason.count) }]}
      />
    </ChartCard>
  );
}

function BusiestHoursChart({ loading, summary }: SummaryChartProps) {
  const grid = busyGrid(summary?.busiest_hours ?? []);
  return (
    <ChartCard
      title="Busiest hours"
      description="Customer messages by day of the week and hour, in your time zone."
      loading={loading}
      empty={!summary || summary.busiest_hours.length === 0}
      table={{
        columns: ['Day', ...Array.from({ length: 24 }, (_, hour) => `${hour}:00`)],
        rows: WEEKDAYS.map(({ dow, name }) => [name, ...grid[dow]]),
      }}
    >
      <HeatMap cells={summary?.busiest_hours ?? []} />
    </ChartCard>
  );
}

function TopCustomersChart({ loading, summary }: SummaryChartProps) {
  return (
    <ChartCard
      title="Top customers"
      description="The customers who wrote the most messages."
      loading={loading}
      empty={!summary || summary.top_customers.length === 0}
    >
      <DataTable
        caption="Top customers by messages"
        columns={['Customer', 'Number', 'Messages']}
        rows={(summary?.top_customers ?? []).map((customer) => [customer.name, customer.number, customer.messages])}
      />
    </ChartCard>
  );
}

function UnansweredQuestionsChart({ loading, summary }: SummaryChartProps) {
  return (
    <ChartCard
      title="Unanswered questions"
      description="Customer messages the AI handed over for lack of knowledge: what to add to your agent's documents."
      loading={loading}
      empty={!summary || summary.unanswered_questions.length === 0}
      emptyText="No unanswered questions in this range. Your documents covered everything."
    >
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {(summary?.unanswered_questions ?? []).map((question) => (
          <li key={question.escalation_id}>
            <Link component={RouterLink} to={conversationHref(question.conversation_id)} underline="hover">
              {question.question ?? '(no text)'}
            </Link>{' '}
            — {question.name}
            {question.resolved ? ' (resolved)' : ''}
          </li>
        ))}
      </Box>
    </ChartCard>
  );
}

/** Every chart of /analytics for the loaded range. */
export default function AnalyticsCharts({ loading, summary, timeseries }: AnalyticsChartsProps) {
  const data = { loading, summary, timeseries };
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <ConversationsChart {...data} />
      <ResponseRateChart {...data} />
      <FirstResponseChart loading={loading} summary={summary} />
      <HandoversChart {...data} />
      <HandoverReasonsChart loading={loading} summary={summary} />
      <BusiestHoursChart loading={loading} summary={summary} />
      <TopCustomersChart loading={loading} summary={summary} />
      <UnansweredQuestionsChart loading={loading} summary={summary} />
    </Box>
  );
}
