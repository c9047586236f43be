import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { AGENT_MESSAGES } from '../../../contract/agents';

/** SPEC.md §2: any agent route that leads nowhere. */
export default function AgentNotFound() {
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning">{AGENT_MESSAGES.pageNotFound}</Alert>
        <Button component={Link} to="/agents" variant="outlined">
          Back to Agents
        </Button>
      </Stack>
    </Box>
  );
}
