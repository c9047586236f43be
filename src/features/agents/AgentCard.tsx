import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgentStatus, AgentSummary } from '../../../contract/agents';
import type { AgentAction } from './listSlice';

export interface AgentCardProps {
  agent: AgentSummary;
  /** An action on any agent is under way: the buttons wait. */
  busy: boolean;
  onAction: (agent: AgentSummary, action: AgentAction) => void;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

/** SPEC.md §2 Agents: the buttons each tab offers. */
function actionsFor(status: AgentStatus, agent: AgentSummary, busy: boolean, act: (action: AgentAction) => void) {
  const view = (
    <Button key="view" component={Link} to={`/agents/${agent.id}`} size="small">
      View
    </Button>
  );
  const edit = (
    <Button key="edit" component={Link} to={`/agents/${agent.id}/edit`} size="small">
      Edit
    </Button>
  );
  const button = (action: AgentAction, label: string, color: 'primary' | 'error' = 'primary'): ReactNode => (
    <Button key={action} size="small" color={color} disabled={busy} onClick={() => act(action)}>
      {label}
    </Button>
  );
  const remove = button('delete', 'Delete', 'error');
  if (status === 'active') return [view, edit, remove];
  if (status === 'inactive') return [button('activate', 'Set Active'), view, edit, remove];
  return [button('restore', 'Restore'), button('deletePermanently', 'Permanently Delete', 'error')];
}

export default function AgentCard({ agent, busy, onAction }: AgentCardProps) {
  const deleted = agent.status === 'deleted';
  return (
    <Card variant="outlined" component="article" aria-label={agent.name} sx={{ opacity: deleted ? 0.6 : 1 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom noWrap>
          {agent.name}
        </Typography>
        <Stack direction="row" spacing={4}>
          <Count label="Memories" value={agent.memories_count} />
          <Count label="Contexts" value={agent.contexts_count} />
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', px: 2, pb: 2 }}>
        {actionsFor(agent.status, agent, busy, (action) => onAction(agent, action))}
      </CardActions>
    </Card>
  );
}
