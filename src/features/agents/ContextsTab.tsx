import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../components/dates';
import { contextsSearchSubmitted, selectContextsList } from './detailSlice';
import DocumentsList from './DocumentsList';
import QuickUploadCard from './QuickUploadCard';
import SearchableListView from './SearchableListView';
import { selectContexts } from './selectors';

export interface ContextsTabProps {
  agentId: number;
}

/** The passages the agent answers from, with Quick Upload and the documents beside them. */
export default function ContextsTab({ agentId }: ContextsTabProps) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectContextsList);
  const contexts = useAppSelector(selectContexts);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <SearchableListView
        label="Contexts"
        list={list}
        items={contexts}
        onSearch={(query) => dispatch(contextsSearchSubmitted({ agentId, query }))}
        renderItem={(context) => (
          <ListItem key={context.id} divider sx={{ display: 'block' }}>
            <ListItemText
              primary={context.context}
              secondary={formatDateTime(context.created_at)}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-line' } } }}
            />
            {context.document_name && <Chip size="small" variant="outlined" label={context.document_name} />}
          </ListItem>
        )}
      />
      <Stack spacing={2}>
        <QuickUploadCard agentId={agentId} />
        <DocumentsList />
      </Stack>
    </Box>
  );
}
