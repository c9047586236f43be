import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Change } from './format';

const ARROWS: Record<Change['direction'], string> = { up: '▲', down: '▼', flat: '' };
const TONE_COLORS: Record<Change['tone'], string> = {
  good: 'success.main',
  bad: 'error.main',
  neutral: 'text.secondary',
};

export interface StatCardProps {
  title: string;
  value: string;
  /** The change against the previous period; null hides it. */
  change: Change | null;
  /** What the figure means, for the reader who wonders. */
  hint: string;
  loading?: boolean;
  /** The title's level: h3 under a section's h2 (the dashboard), h2 right under the page's h1 (analytics). */
  headingLevel?: 'h2' | 'h3';
}

/** One figure with its change against the period before. */
export default function StatCard({ title, value, change, hint, loading = false, headingLevel = 'h3' }: StatCardProps) {
  return (
    <Card variant="outlined" component="article" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle2" component={headingLevel} color="text.secondary">
          {title}
        </Typography>
        {loading ? (
          <Skeleton variant="text" width="60%" sx={{ fontSize: '2rem' }} data-testid="stat-skeleton" />
        ) : (
          <Typography variant="h4" component="p" data-testid="stat-value">
            {value}
          </Typography>
        )}
        {!loading && change && (
          <Typography variant="body2" sx={{ color: TONE_COLORS[change.tone] }}>
            {ARROWS[change.direction] && <span aria-hidden="true">{ARROWS[change.direction]} </span>}
            {change.label}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      </CardContent>
    </Card>
  );
}
