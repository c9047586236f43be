import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import AgentNotFound from './AgentNotFound';
import AgentNotices from './AgentNotices';
import { useAgentIdParam } from './agentRoute';
import FileDropZone from './FileDropZone';
import { selectUploadItemsOf } from './selectors';
import { holdFiles } from './uploadFiles';
import UploadGuide from './UploadGuide';
import UploadList from './UploadList';
import {
  filesChosen,
  selectUploadPageErrors,
  selectUploadPageRejectedFiles,
  selectUploadsBusy,
  uploadPageClosed,
  uploadPageOpened,
  uploadsSubmitted,
} from './uploadsSlice';
import PageTitle from '../../components/PageTitle';
import { countOf } from '../../../contract/plural';

export interface RejectedFilesProps {
  errors: string[];
  rejectedFiles: number;
}

/** Why the files just chosen cannot be uploaded, one line each. */
function RejectedFiles({ errors, rejectedFiles }: RejectedFilesProps) {
  if (errors.length === 0) return null;
  return (
    <Alert severity="error">
      <AlertTitle>{rejectedFiles === 1 ? 'This file cannot be uploaded' : 'These files cannot be uploaded'}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </Box>
    </Alert>
  );
}

function AgentUpload({ agentId }: { agentId: number }) {
  const dispatch = useAppDispatch();
  const selectPageItems = useMemo(() => selectUploadItemsOf('page'), []);
  const items = useAppSelector(selectPageItems);
  const errors = useAppSelector(selectUploadPageErrors);
  const rejectedFiles = useAppSelector(selectUploadPageRejectedFiles);
  const busy = useAppSelector(selectUploadsBusy).page;
  const waiting = items.filter((item) => item.status === 'chosen').length;

  useEffect(() => {
    dispatch(uploadPageOpened());
    return () => {
      dispatch(uploadPageClosed());
    };
  }, [dispatch]);

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack spacing={3}>
        <Box>
          <Button component={Link} to={`/agents/${agentId}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
            Back to Agent
          </Button>
          <PageTitle title="Upload Documents" />
          <Typography variant="h4" component="h1" gutterBottom>
            Upload Documents
          </Typography>
          <Typography color="text.secondary">Give your agent documents to answer from.</Typography>
        </Box>
        <AgentNotices variant="card" />
        <FileDropZone
          disabled={busy}
          onFiles={(files) => dispatch(filesChosen({ agentId, source: 'page', files: holdFiles(files) }))}
        />
        <RejectedFiles errors={errors} rejectedFiles={rejectedFiles} />
        <UploadList items={items} label="Files to upload" />
        {items.length > 0 && (
          <Box>
            <Button
              variant="contained"
              disabled={busy || waiting === 0}
              onClick={() => dispatch(uploadsSubmitted({ agentId, source: 'page' }))}
            >
              {busy ? 'Uploading...' : `Upload ${countOf(waiting, 'file')}`}
            </Button>
          </Box>
        )}
        <UploadGuide />
      </Stack>
    </Box>
  );
}

/** /agents/{agentId}/upload. */
export default function AgentUploadPage() {
  const agentId = useAgentIdParam();
  if (agentId === null) return <AgentNotFound />;
  return <AgentUpload key={agentId} agentId={agentId} />;
}
