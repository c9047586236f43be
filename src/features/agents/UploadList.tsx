import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../store/hooks';
import { uploadCancelClicked, uploadRemoved, type UploadItem, type UploadStatus } from './uploadsSlice';

export interface UploadListProps {
  items: UploadItem[];
  label: string;
}

const PROGRESS_COLOR: Record<UploadStatus, 'primary' | 'success' | 'error'> = {
  chosen: 'primary',
  uploading: 'primary',
  success: 'success',
  error: 'error',
};

export const formatFileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function statusText(item: UploadItem) {
  if (item.status === 'uploading') return `Uploading... ${item.progress}%`;
  if (item.status === 'success') return 'Uploaded';
  if (item.status === 'error') return item.error ?? 'Upload failed';
  return 'Ready to upload';
}

/** SPEC.md §3 Upload item: each file with its real progress, its outcome, and remove or cancel. */
export default function UploadList({ items, label }: UploadListProps) {
  const dispatch = useAppDispatch();
  if (items.length === 0) return null;
  return (
    <List aria-label={label} disablePadding>
      {items.map((item) => {
        const uploading = item.status === 'uploading';
        return (
          <ListItem
            key={item.id}
            divider
            secondaryAction={
              <IconButton
                aria-label={uploading ? `Cancel upload of ${item.name}` : `Remove ${item.name}`}
                onClick={() =>
                  dispatch(uploading ? uploadCancelClicked({ id: item.id }) : uploadRemoved({ id: item.id }))
                }
              >
                <CloseIcon />
              </IconButton>
            }
          >
            <Stack sx={{ width: '100%', pr: 2 }} spacing={0.5}>
              <ListItemText primary={item.name} secondary={formatFileSize(item.size)} />
              {item.status !== 'chosen' && (
                <LinearProgress
                  variant="determinate"
                  value={item.progress}
                  color={PROGRESS_COLOR[item.status]}
                  aria-label={`${item.name} upload progress`}
                />
              )}
              <Typography variant="body2" color={item.status === 'error' ? 'error' : 'text.secondary'}>
                {statusText(item)}
              </Typography>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
