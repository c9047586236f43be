import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SubscriptionInfo } from '../../../contract';
import { formatDateTime } from '../../components/dates';

export interface WebhookSubscriptionCardProps {
  info: SubscriptionInfo;
  checking: boolean;
  onCheck: () => void;
}

export interface ConnectedAppsProps {
  apps: SubscriptionInfo['subscribed_apps'];
}

/** The apps subscribed to the number's webhook, each with a link to it when Meta gives one. */
function ConnectedApps({ apps }: ConnectedAppsProps) {
  return (
    <div>
      <Typography variant="subtitle2" component="h3">
        Connected applications
      </Typography>
      {apps.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No applications are subscribed.
        </Typography>
      ) : (
        <List dense aria-label="Connected applications">
          {apps.map((app) => (
            <ListItem
              key={app.id}
              disableGutters
              secondaryAction={
                app.link && (
                  <MuiLink href={app.link} target="_blank" rel="noopener noreferrer" aria-label={`Open ${app.name}`}>
                    <OpenInNewIcon fontSize="small" />
                  </MuiLink>
                )
              }
            >
              <ListItemText primary={app.name} secondary={app.category ?? undefined} />
            </ListItem>
          ))}
        </List>
      )}
    </div>
  );
}

/** Whether Meta sends this number's messages to Threadline, and which apps are subscribed. */
export default function WebhookSubscriptionCard({ info, checking, onCheck }: WebhookSubscriptionCardProps) {
  return (
    <Card variant="outlined">
      <CardHeader
        title="Webhook Subscription"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          <Chip
            label={info.is_subscribed ? 'Active' : 'Inactive'}
            color={info.is_subscribed ? 'success' : 'default'}
            size="small"
          />
        }
      />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="body2">Subscription status: {info.subscription_status}</Typography>
          <ConnectedApps apps={info.subscribed_apps} />
          <Typography variant="caption" color="text.secondary">
            Last checked: {formatDateTime(info.last_checked)}
          </Typography>
          {!info.is_subscribed && (
            <Button variant="outlined" onClick={onCheck} disabled={checking} sx={{ alignSelf: 'flex-start' }}>
              {checking ? 'Checking...' : 'Check Status'}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
