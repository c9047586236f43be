import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import DetailList from './DetailList';
import type { BusinessProfileState } from './slice';

export const PROFILE_FAILED_TITLE = 'Failed to fetch business profile. Please try refreshing.';

export interface BusinessProfileCardProps {
  profile: BusinessProfileState;
}

/** The WhatsApp Business account's profile as Meta knows it, or why it cannot be read. */
export default function BusinessProfileCard({ profile }: BusinessProfileCardProps) {
  const { data, error, needsReconnection } = profile;
  return (
    <Card variant="outlined">
      <CardHeader title="Business Profile" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {data ? (
          <DetailList
            details={[
              { label: 'Name', value: data.name },
              { label: 'Currency', value: data.currency },
              { label: 'Owner Business ID', value: data.owner_business_id },
              { label: 'Owner Business Name', value: data.owner_business_name },
            ]}
          />
        ) : error ? (
          needsReconnection ? (
            <Alert severity="warning">{error}</Alert>
          ) : (
            <Alert severity="error">
              <AlertTitle>{PROFILE_FAILED_TITLE}</AlertTitle>
              {error}
            </Alert>
          )
        ) : (
          <Skeleton variant="rounded" height={96} aria-label="Loading business profile" />
        )}
      </CardContent>
    </Card>
  );
}
