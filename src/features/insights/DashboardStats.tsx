import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DashboardSummary } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { dashboardRetryClicked, selectDashboardSummary } from './dashboardSlice';
import { changeOf, formatCount, formatDuration, formatRate, type FigureKind } from './format';
import RetryAlert from './RetryAlert';
import StatCard from './StatCard';
import StatGrid from './StatGrid';

interface CardDefinition {
  key: Exclude<keyof DashboardSummary, 'connected' | 'window_start' | 'window_end'>;
  title: string;
  kind: FigureKind;
  hint: string;
  /** SPEC.md §2: without a connection a card reads 0 or N/A. */
  disconnected: string;
}

const CARDS: readonly CardDefinition[] = [
  {
    key: 'messages',
    title: '24h Messages',
    kind: 'count',
    hint: 'Messages sent and received in the last 24 hours.',
    disconnected: '0',
  },
  {
    key: 'ai_response_rate',
    title: 'AI Response Rate',
    kind: 'rate',
    hint: 'Customer messages the AI answered, last 24 hours.',
    disconnected: 'N/A',
  },
  {
    key: 'active_conversations',
    title: 'Active Conversations',
    kind: 'count',
    hint: 'Conversations with a message in the last 24 hours.',
    disconnected: '0',
  },
  {
    key: 'avg_first_response_seconds',
    title: 'Avg. Response Time',
    kind: 'duration',
    hint: 'From a customer message to its first answer, last 24 hours.',
    disconnected: 'N/A',
  },
];

const FORMATS: Record<FigureKind, (value: number | null) => string> = {
  count: formatCount,
  rate: formatRate,
  duration: formatDuration,
};

/** The four cards of SPEC.md §2, computed from the owner's data (DESIGN.md §12). */
export default function DashboardStats({ connected, checking }: { connected: boolean; checking: boolean }) {
  const dispatch = useAppDispatch();
  const { status, data, error } = useAppSelector(selectDashboardSummary);
  const live = connected && data?.connected !== false;
  // While the connection is checked nothing is known yet: skeletons, not zeros.
  const loading = checking || (connected && !data && (status === 'idle' || status === 'loading'));

  const figure = (card: CardDefinition): { value: string; figure: DashboardSummary['messages'] | null } => {
    if (!live) return { value: card.disconnected, figure: null };
    const stat = data?.[card.key] ?? null;
    return { value: FORMATS[card.kind](stat?.current ?? null), figure: stat };
  };

  return (
    <Box component="section" aria-labelledby="dashboard-stats-heading">
      <Typography id="dashboard-stats-heading" variant="h6" component="h2" gutterBottom>
        Last 24 hours
      </Typography>
      {connected && error && (
        <RetryAlert message={error} onRetry={() => dispatch(dashboardRetryClicked())} sx={{ mb: 2 }} />
      )}
      <StatGrid columns={4}>
        {CARDS.map((card) => {
          const { value, figure: stat } = figure(card);
          return (
            <StatCard
              key={card.key}
              title={card.title}
              value={value}
              hint={card.hint}
              loading={loading}
              change={stat ? changeOf(card.kind, stat.current, stat.previous) : null}
            />
          );
        })}
      </StatGrid>
      {!connected && !checking && (
        <Stack sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            Figures appear once a WhatsApp Business number is connected.
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
