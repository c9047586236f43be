import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DocumentStatus } from '../../../contract/agents';
import { useAppSelector } from '../../store/hooks';
import { selectDocumentsState } from './detailSlice';
import { selectDocuments } from './selectors';
import { formatFileSize } from './UploadList';
import { countOf } from '../../../contract/plural';

const STATUS_CHIP: Record<DocumentStatus, { label: string; color: 'info' | 'success' | 'error' }> = {
  processing: { label: 'Processing', color: 'info' },
  ready: { label: 'Ready', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** The agent's documents and how far each got: processing, ready, or failed with the reason. */
export default function DocumentsList() {
  const { status } = useAppSelector(selectDocumentsState);
  const documents = useAppSelector(selectDocuments);
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        Documents
      </Typography>
      {status === 'loading' && <Typography color="text.secondary">Loading documents...</Typography>}
      {status === 'failed' && <Typography color="error">Failed to load documents.</Typography>}
      {status === 'loaded' && documents.length === 0 && (
        <Typography color="text.secondary">No documents yet.</Typography>
      )}
      {documents.length > 0 && (
        <List aria-label="Documents" disablePadding>
          {documents.map((document) => {
            const chip = STATUS_CHIP[document.status];
            return (
              <ListItem key={document.id} divider secondaryAction={<Chip size="small" {...chip} />} sx={{ pr: 14 }}>
                <ListItemText
                  primary={document.filename}
                  secondary={
                    document.status === 'failed' && document.error
                      ? document.error
                      : `${formatFileSize(document.size_bytes)}${document.status === 'ready' ? ` · ${countOf(document.chunks, 'chunk')}` : ''}`
                  }
                  slotProps={{
                    secondary: { color: document.status === 'failed' ? 'error' : 'text.secondary' },
                  }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </>
  );
}
