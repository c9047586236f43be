import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { focusComposer } from './Composer';
import { replyPreview } from './format';
import { selectReplyTarget } from './selectors';
import { replyTargetCleared } from './slice';

/** SPEC.md §2: the message the next send quotes, with a way to cancel. */
export default function ReplyBar() {
  const dispatch = useAppDispatch();
  const target = useAppSelector(selectReplyTarget);
  if (!target) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      <Typography variant="body2" noWrap sx={{ flex: 1, borderLeft: 3, borderColor: 'primary.main', pl: 1 }}>
        {replyPreview(target.body)}
      </Typography>
      <IconButton
        size="small"
        aria-label="Cancel reply"
        onClick={() => {
          dispatch(replyTargetCleared());
          // The bar and its button go; the message is still to be written.
          focusComposer();
        }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
