import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOCAL_KNOWLEDGE_MODEL } from '../../../contract/agents';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../components/dates';
import { memoriesSearchSubmitted, memoryChangeStarted, selectAgentPage, selectMemoriesList } from './detailSlice';
import MemoryDialogs from './MemoryDialogs';
import SearchableListView from './SearchableListView';
import { selectMemories } from './selectors';
import { formatWaId } from '../../../contract/phone-numbers';

/** Why the Memories tab is empty and what would fill it; the offline model's own reason beside the common one. */
export const MEMORY_HINTS = {
  what: 'A memory is something a customer tells about themselves — their name, email, phone number, where they live, what they own, an order number, a preference or a problem. The agent notes it after each customer message and keeps it for that customer.',
  offline:
    "This agent's offline model (local/knowledge-base) finds these facts by patterns, only when a customer states them plainly: 'My name is Ada', 'my order #1042 is late', 'I live in Altona'. A question alone gives it nothing to remember. The Graph View shows more: the customers who wrote, and the names your documents mention.",
  model: 'They appear once customers write to your WhatsApp number.',
} as const;

function MemoriesEmptyHint({ model }: { model: string | undefined }) {
  return (
    <Stack spacing={1} data-testid="memories-empty-hint">
      <Typography variant="body2" color="text.secondary">
        {MEMORY_HINTS.what}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {model === LOCAL_KNOWLEDGE_MODEL ? MEMORY_HINTS.offline : MEMORY_HINTS.model}
      </Typography>
    </Stack>
  );
}

export interface MemoriesTabProps {
  agentId: number;
}

/** What the agent remembers about each customer; the owner corrects or removes a memory. */
export default function MemoriesTab({ agentId }: MemoriesTabProps) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectMemoriesList);
  const memories = useAppSelector(selectMemories);
  const model = useAppSelector(selectAgentPage).data?.model;
  return (
    <Stack spacing={2}>
      <SearchableListView
        label="Memories"
        list={list}
        items={memories}
        onSearch={(query) => dispatch(memoriesSearchSubmitted({ agentId, query }))}
        emptyHint={<MemoriesEmptyHint model={model} />}
        renderItem={(memory) => (
          <ListItem
            key={memory.id}
            divider
            secondaryAction={
              <Stack direction="row">
                <IconButton
                  aria-label="Edit memory"
                  onClick={() => dispatch(memoryChangeStarted({ mode: 'edit', memoryId: memory.id }))}
                >
                  <EditOutlinedIcon />
                </IconButton>
                <IconButton
                  aria-label="Delete memory"
                  onClick={() => dispatch(memoryChangeStarted({ mode: 'delete', memoryId: memory.id }))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            }
            sx={{ pr: 12 }}
          >
            <ListItemText
              primary={memory.memory}
              secondary={`${formatWaId(memory.from_phone_number)} · ${formatDateTime(memory.created_at)}`}
            />
          </ListItem>
        )}
      />
      <MemoryDialogs agentId={agentId} memories={memories} />
    </Stack>
  );
}
