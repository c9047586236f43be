import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AGENT_MESSAGES, type AgentDetail } from '../../../contract/agents';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import AgentNotFound from './AgentNotFound';
import AgentNotices from './AgentNotices';
import { useAgentIdParam } from './agentRoute';
import ContextsTab from './ContextsTab';
import { agentDetailClosed, agentDetailOpened, graphTabOpened, selectAgentPage, selectGraphState } from './detailSlice';
import GraphView from './GraphView';
import MemoriesTab from './MemoriesTab';
import { selectPositionedGraph } from './selectors';
import PageTitle from '../../components/PageTitle';

type DetailTab = 'memories' | 'contexts' | 'graph';

/** The query that opens a tab other than Memories, SPEC.md's default: `?tab=contexts`. */
export const DETAIL_TAB_PARAM = 'tab';

const TABS: { value: DetailTab; label: string }[] = [
  { value: 'memories', label: 'Memories' },
  { value: 'contexts', label: 'Contexts' },
  { value: 'graph', label: 'Graph View' },
];

function AgentLoadFailed() {
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Alert severity="error">{AGENT_MESSAGES.fetchAgentFailed}</Alert>
    </Box>
  );
}

function AgentLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading agent" />
    </Box>
  );
}

export interface AgentHeaderProps {
  agent: AgentDetail;
}

/** The agent's name and description, with the ways to edit it and to give it documents. */
function AgentHeader({ agent }: AgentHeaderProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <PageTitle title={agent.name} />
        <Typography variant="h4" component="h1" gutterBottom>
          {agent.name}
        </Typography>
        <Typography color="text.secondary">{agent.description}</Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
        <Button component={Link} to={`/agents/${agent.id}/edit`} variant="outlined" startIcon={<EditOutlinedIcon />}>
          Edit
        </Button>
        <Button component={Link} to={`/agents/${agent.id}/upload`} variant="contained" startIcon={<UploadFileIcon />}>
          Upload Documents
        </Button>
      </Stack>
    </Stack>
  );
}

function AgentDetailView({ agentId }: { agentId: number }) {
  const dispatch = useAppDispatch();
  const page = useAppSelector(selectAgentPage);
  const graphState = useAppSelector(selectGraphState);
  const graph = useAppSelector(selectPositionedGraph);
  const [searchParams] = useSearchParams();
  const [openedOn] = useState<DetailTab>(
    () => TABS.find((entry) => entry.value === searchParams.get(DETAIL_TAB_PARAM))?.value ?? 'memories',
  );
  const [tab, setTab] = useState<DetailTab>(openedOn);

  useEffect(() => {
    dispatch(agentDetailOpened({ agentId }));
    if (openedOn === 'graph') dispatch(graphTabOpened({ agentId }));
    return () => {
      dispatch(agentDetailClosed());
    };
  }, [dispatch, agentId, openedOn]);

  const openTab = (value: DetailTab) => {
    setTab(value);
    if (value === 'graph') dispatch(graphTabOpened({ agentId }));
  };

  if (page.status === 'not_found') return <AgentNotFound />;
  if (page.status === 'failed') return <AgentLoadFailed />;
  if (page.status !== 'loaded' || !page.data) return <AgentLoading />;

  const agent = page.data;
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack spacing={3}>
        <AgentHeader agent={agent} />
        <AgentNotices variant="card" />
        <Tabs value={tab} onChange={(_event, value: DetailTab) => openTab(value)} aria-label="What the agent knows">
          {TABS.map((entry) => (
            <Tab key={entry.value} value={entry.value} label={entry.label} />
          ))}
        </Tabs>
        {tab === 'memories' && <MemoriesTab agentId={agentId} />}
        {tab === 'contexts' && <ContextsTab agentId={agentId} />}
        {tab === 'graph' && <GraphView graph={graph} status={graphState.status} />}
      </Stack>
    </Box>
  );
}

/** /agents/{agentId}: the agent, and its memories, contexts and knowledge graph. */
export default function AgentDetailPage() {
  const agentId = useAgentIdParam();
  if (agentId === null) return <AgentNotFound />;
  return <AgentDetailView key={agentId} agentId={agentId} />;
}
