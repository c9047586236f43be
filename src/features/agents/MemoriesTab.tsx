import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../components/dates';
import { memoriesSearchSubmitted, memoryChangeStarted, selectMemoriesList } from './detailSlice';
import MemoryDialogs from './MemoryDialogs';
import SearchableListView from './SearchableListView';
import { selectMemories } from './selectors';

export interface MemoriesTabProps {
  agentId: number;
}

/** What the agent remembers about each customer; the owner corrects or removes a memory. */
export default function MemoriesTab({ agentId }: MemoriesTabProps) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectMemoriesList);
  const memories = useAppSelector(selectMemories);
  return (
    <Stack spacing={2}>
      <SearchableListView
        label="Memories"
        list={list}
        items={memories}
        onSearch={(query) => dispatch(memoriesSearchSubmitted({ agentId, query }))}
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
              secondary={`${memory.from_phone_number} · ${formatDateTime(memory.created_at)}`}
            />
          </ListItem>
        )}
      />
      <MemoryDialogs agentId={agentId} memories={memories} />
    </Stack>
  );
}
