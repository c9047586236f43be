import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../components/dates';
import { contextsSearchSubmitted, selectContextsList } from './detailSlice';
import DocumentsList from './DocumentsList';
import QuickUploadCard from './QuickUploadCard';
import SearchForm from './SearchForm';
import { selectContexts } from './selectors';

export interface ContextsTabProps {
  agentId: number;
}

/** The passages the agent answers from, with Quick Upload and the documents beside them. */
export default function ContextsTab({ agentId }: ContextsTabProps) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectContextsList);
  const contexts = useAppSelector(selectContexts);
  const loading = list.status === 'idle' || list.status === 'loading';

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
      <Stack spacing={2}>
        <SearchForm
          placeholder="Search contexts..."
          query={list.query}
          busy={loading}
          onSearch={(query) => dispatch(contextsSearchSubmitted({ agentId, query }))}
        />
        {list.status === 'failed' && <Alert severity="error">{list.error}</Alert>}
        {loading && <Typography color="text.secondary">Loading contexts...</Typography>}
        {list.status === 'loaded' && contexts.length === 0 && (
          <Typography color="text.secondary">No contexts found.</Typography>
        )}
        {list.status === 'loaded' && contexts.length > 0 && (
          <List aria-label="Contexts" disablePadding>
            {contexts.map((context) => (
              <ListItem key={context.id} divider sx={{ display: 'block' }}>
                <ListItemText
                  primary={context.context}
                  secondary={formatDateTime(context.created_at)}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-line' } } }}
                />
                {context.document_name && <Chip size="small" variant="outlined" label={context.document_name} />}
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
      <Stack spacing={2}>
        <QuickUploadCard agentId={agentId} />
        <DocumentsList />
      </Stack>
    </Box>
  );
}
