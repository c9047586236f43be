import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { exportClicked, selectExport } from './exportSlice';

/** SPEC.md §2 Quick Actions, with DESIGN.md §12's /agents and a real export. */
export default function QuickActions({ connected }: { connected: boolean }) {
  const dispatch = useAppDispatch();
  const { status } = useAppSelector(selectExport);
  const exporting = status === 'exporting';

  return (
    <Card variant="outlined" component="section" aria-labelledby="quick-actions-heading">
      <CardContent>
        <Typography id="quick-actions-heading" variant="h6" component="h2" gutterBottom>
          Quick Actions
        </Typography>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Button component={Link} to="/agents" variant="outlined">
            Configure AI Assistant
          </Button>
          <Button component={Link} to="/messages" variant="outlined" disabled={!connected}>
            View New Messages
          </Button>
          <Button
            variant="outlined"
            disabled={!connected || exporting}
            onClick={() => dispatch(exportClicked({ format: 'csv' }))}
          >
            {exporting ? 'Exporting...' : 'Export Chat Data'}
          </Button>
          <Typography variant="caption" color="text.secondary">
            The export is a CSV file of the last 30 days of messages.
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
