import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../components/dates';
import { memoriesSearchSubmitted, memoryChangeStarted, selectMemoriesList } from './detailSlice';
import MemoryDialogs from './MemoryDialogs';
import SearchForm from './SearchForm';
import { selectMemories } from './selectors';

export interface MemoriesTabProps {
  agentId: number;
}

/** What the agent remembers about each customer; the owner corrects or removes a memory. */
export default function MemoriesTab({ agentId }: MemoriesTabProps) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectMemoriesList);
  const memories = useAppSelector(selectMemories);
  const loading = list.status === 'idle' || list.status === 'loading';

  return (
    <Stack spacing={2}>
      <SearchForm
        placeholder="Search memories..."
        query={list.query}
        busy={loading}
        onSearch={(query) => dispatch(memoriesSearchSubmitted({ agentId, query }))}
      />
      {list.status === 'failed' && <Alert severity="error">{list.error}</Alert>}
      {loading && <Typography color="text.secondary">Loading memories...</Typography>}
      {list.status === 'loaded' && memories.length === 0 && (
        <Typography color="text.secondary">No memories found.</Typography>
      )}
      {list.status === 'loaded' && memories.length > 0 && (
        <List aria-label="Memories" disablePadding>
          {memories.map((memory) => (
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
                secondary={`${memory.from_phone_number} · ${formatDateTime(memory.created_at)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <MemoryDialogs agentId={agentId} memories={memories} />
    </Stack>
  );
}
