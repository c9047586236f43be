import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMemo, type ChangeEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectUploadItemsOf } from './selectors';
import { holdFiles } from './uploadFiles';
import { ACCEPTED_FILES } from './uploadRules';
import UploadList from './UploadList';
import { filesChosen, selectUploadsBusy } from './uploadsSlice';

export interface QuickUploadCardProps {
  agentId: number;
}

/** Sends documents straight from the agent page; they upload as soon as they are chosen. */
export default function QuickUploadCard({ agentId }: QuickUploadCardProps) {
  const dispatch = useAppDispatch();
  const selectQuickItems = useMemo(() => selectUploadItemsOf('quick'), []);
  const items = useAppSelector(selectQuickItems);
  const busy = useAppSelector(selectUploadsBusy).quick;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files;
    if (files && files.length > 0) dispatch(filesChosen({ agentId, source: 'quick', files: holdFiles(files) }));
    // The same file can be chosen again after a failure.
    event.target.value = '';
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Quick Upload
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          PDF, TXT, JPG or PNG, up to 25MB each. The agent can use them once they are ready.
        </Typography>
        <Button component="label" variant="contained" startIcon={<UploadFileIcon />} disabled={busy}>
          Choose Files
          <input
            hidden
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            onChange={choose}
            aria-label="Quick upload files"
          />
        </Button>
        <UploadList items={items} label="Quick uploads" />
      </CardContent>
    </Card>
  );
}
