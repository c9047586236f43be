import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { HANDOVER_TEXTS } from './handoverSlice';
import { selectOpenConversation } from './selectors';

/** DESIGN.md §12: the typing indicator, above the composer while the AI writes an answer in the open chat. */
export default function AiReplying() {
  const replying = useAppSelector(selectOpenConversation)?.ai_replying === true;
  return (
    <Box role="status" aria-live="polite" sx={{ px: 2 }}>
      {replying && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, color: 'text.secondary' }}>
          <CircularProgress size={12} color="inherit" aria-hidden />
          <Typography variant="caption">{HANDOVER_TEXTS.aiReplying}</Typography>
        </Box>
      )}
    </Box>
  );
}
