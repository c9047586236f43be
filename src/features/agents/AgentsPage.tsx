import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AgentStatus, AgentSummary } from '../../../contract/agents';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import AgentActionDialog from './AgentActionDialog';
import AgentCard from './AgentCard';
import AgentNotices from './AgentNotices';
import {
  agentActionConfirmed,
  agentsPageOpened,
  selectAgentsListStatus,
  selectAgentTabs,
  selectPendingAgentAction,
  type AgentAction,
} from './listSlice';
import PageTitle from '../../components/PageTitle';

/** SPEC.md §9: skeleton cards while the agents load. */
export const AGENT_SKELETON_CARDS = 3;

const TABS: { status: AgentStatus; label: string; empty: string }[] = [
  { status: 'active', label: 'Active', empty: 'No active agent.' },
  { status: 'inactive', label: 'Inactive', empty: 'No inactive agents.' },
  { status: 'deleted', label: 'Deleted', empty: 'No soft deleted agents.' },
];

const cardGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'minmax(0, 1fr) minmax(0, 1fr)',
    lg: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr)',
  },
};

function SkeletonCards() {
  return (
    <Box sx={cardGrid} aria-busy="true" aria-label="Loading agents">
      {Array.from({ length: AGENT_SKELETON_CARDS }, (_, index) => (
        <Card key={index} variant="outlined" data-testid="agent-skeleton">
          <CardContent>
            <Skeleton variant="text" width="60%" height={32} />
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="rectangular" height={36} sx={{ mt: 2 }} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function AgentsHeader() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Box>
        <PageTitle title="Agents" />
        <Typography variant="h4" component="h1" gutterBottom>
          AI Agents
        </Typography>
        <Typography color="text.secondary">
          The agents that answer your customers, and what each of them knows.
        </Typography>
      </Box>
      <Box>
        <Button component={Link} to="/agents/new" variant="contained" startIcon={<AddIcon />}>
          Create Agent
        </Button>
      </Box>
    </Stack>
  );
}

export interface AgentsOfTabProps {
  loading: boolean;
  agents: AgentSummary[];
  /** What the tab says when it holds no agent. */
  empty: string;
  busy: boolean;
  onAction: (agent: AgentSummary, action: AgentAction) => void;
}

/** The open tab's agents: skeletons while they load, a line when there is none, else their cards. */
function AgentsOfTab({ loading, agents, empty, busy, onAction }: AgentsOfTabProps) {
  if (loading) return <SkeletonCards />;
  if (agents.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Box sx={cardGrid}>
      {agents.map((agent) => (
        <AgentCard key={agent.id} agent={agent} busy={busy} onAction={onAction} />
      ))}
    </Box>
  );
}

/** /agents: the owner's agents by status, with what can be done to each. */
export default function AgentsPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAgentsListStatus);
  const tabs = useAppSelector(selectAgentTabs);
  const pending = useAppSelector(selectPendingAgentAction);
  const [tab, setTab] = useState<AgentStatus>('active');
  const [asking, setAsking] = useState<{ agent: AgentSummary; action: AgentAction } | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    dispatch(agentsPageOpened());
  }, [dispatch]);

  const current = TABS.find((entry) => entry.status === tab) ?? TABS[0];
  const agents = tabs[tab];
  const loading = status === 'idle' || status === 'loading';

  const ask = (agent: AgentSummary, action: AgentAction) => {
    setAsking({ agent, action });
    setConfirming(true);
  };
  const confirm = () => {
    if (asking) dispatch(agentActionConfirmed({ agentId: asking.agent.id, action: asking.action }));
    setConfirming(false);
  };

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack spacing={3}>
        <AgentsHeader />
        <AgentNotices variant="banner" />
        <Tabs value={tab} onChange={(_event, value: AgentStatus) => setTab(value)} aria-label="Agents by status">
          {TABS.map((entry) => (
            <Tab key={entry.status} value={entry.status} label={entry.label} />
          ))}
        </Tabs>
        <AgentsOfTab loading={loading} agents={agents} empty={current.empty} busy={pending !== null} onAction={ask} />
      </Stack>
      <AgentActionDialog
        open={confirming}
        request={asking && { name: asking.agent.name, action: asking.action }}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        onExited={() => setAsking(null)}
      />
    </Box>
  );
}
