import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import PageTitle from '../../components/PageTitle';
import { AGENT_MESSAGES } from '../../../contract/agents';

/** SPEC.md §2: any agent route that leads nowhere. */
export default function AgentNotFound() {
  return (
    <Box component="section" sx={{ p: 3 }}>
      <PageTitle title="Agent page not found" />
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1">
          Agent page not found
        </Typography>
        <Alert severity="warning">{AGENT_MESSAGES.pageNotFound}</Alert>
        <Button component={Link} to="/agents" variant="outlined">
          Back to Agents
        </Button>
      </Stack>
    </Box>
  );
}
