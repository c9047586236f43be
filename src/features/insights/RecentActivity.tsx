import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ActivityItem } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { dashboardRetryClicked, selectActivity } from './dashboardSlice';
import { eventTime } from './format';
import RetryAlert from './RetryAlert';

const BADGE_COLORS: Record<ActivityItem['badge'], 'primary' | 'success' | 'default'> = {
  AI: 'primary',
  Human: 'success',
  Info: 'default',
};

/** Where an event's conversation opens in the inbox. */
export const conversationHref = (conversationId: string) => `/messages?c=${encodeURIComponent(conversationId)}`;

function ActivityRow({ item }: { item: ActivityItem }) {
  return (
    <ListItem disableGutters sx={{ gap: 1.5, alignItems: 'flex-start' }}>
      <Chip label={item.badge} color={BADGE_COLORS[item.badge]} size="small" sx={{ minWidth: 56 }} />
      <Stack sx={{ minWidth: 0 }}>
        {item.conversation_id ? (
          <Link component={RouterLink} to={conversationHref(item.conversation_id)} underline="hover">
            {item.text}
          </Link>
        ) : (
          <Typography>{item.text}</Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          <time dateTime={item.at}>{eventTime(item.at)}</time>
        </Typography>
      </Stack>
    </ListItem>
  );
}

/** The latest events of the owner's conversations, newest first. */
export default function RecentActivity({ notConnected }: { notConnected: boolean }) {
  const dispatch = useAppDispatch();
  const activity = useAppSelector(selectActivity);
  // Without a connection there is nothing to list (and nothing is asked for).
  const { status, items, error } = notConnected ? { status: 'loaded', items: [], error: null } : activity;
  const loading = items.length === 0 && (status === 'idle' || status === 'loading');

  return (
    <Card variant="outlined" component="section" aria-labelledby="recent-activity-heading">
      <CardContent>
        <Typography id="recent-activity-heading" variant="h6" component="h2" gutterBottom>
          Recent Activity
        </Typography>
        {error && <RetryAlert message={error} onRetry={() => dispatch(dashboardRetryClicked())} />}
        {loading && (
          <Stack spacing={1} data-testid="activity-skeleton">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={40} />
            ))}
          </Stack>
        )}
        {status === 'loaded' && items.length === 0 && (
          <Typography color="text.secondary">
            {notConnected
              ? 'No activity yet. Connect WhatsApp to see your conversations here.'
              : 'No activity yet. Conversations will appear here as they happen.'}
          </Typography>
        )}
        {items.length > 0 && (
          <List aria-label="Recent activity" dense>
            {items.map((item) => (
              <ActivityRow key={item.id} item={item} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
