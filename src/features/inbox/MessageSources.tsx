import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { MessageSources as Sources } from '../../../contract';
import { HANDOVER_TEXTS } from './handoverSlice';

/** Whether an AI reply says what it was built from. */
export const hasSources = (sources: Sources | undefined): sources is Sources =>
  sources !== undefined && sources.contexts.length + sources.memories.length > 0;

/** 'Sources' under an AI reply: the passages and memories the answer used, folded until asked for. */
export default function MessageSources({ sources }: { sources: Sources }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        variant="text"
        // The text colour: the primary teal on the AI bubble's own teal tint stays under 4.5:1 (4.2:1).
        color="inherit"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{ px: 0.5, minWidth: 0, textTransform: 'none' }}
      >
        {HANDOVER_TEXTS.sources} ({sources.contexts.length + sources.memories.length})
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box component="ul" id={listId} aria-label={HANDOVER_TEXTS.sources} sx={{ m: 0, pl: 2 }}>
          {sources.contexts.map((context) => (
            <Box component="li" key={`context-${context.id}`} sx={{ py: 0.25 }}>
              <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
                {context.document_name ?? HANDOVER_TEXTS.untitledDocument}
              </Typography>
              <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
                {context.excerpt}
              </Typography>
            </Box>
          ))}
          {sources.memories.map((memory) => (
            <Box component="li" key={`memory-${memory.id}`} sx={{ py: 0.25 }}>
              <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
                {HANDOVER_TEXTS.memory}
              </Typography>
              <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
                {memory.memory}
              </Typography>
            </Box>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
