import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { useState, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectTemplateSend } from '../templates/selectors';
import SendTemplateDialog from '../templates/SendTemplateDialog';
import { customerWindow, WINDOW_TEXTS } from './customerWindow';
import { REPLY_MAX_LENGTH } from './format';
import { selectCanSend, selectDraft, selectOpenConversation, selectReplyTarget } from './selectors';
import { useNow } from './useNow';
import { WINDOW_REFRESH_MS } from './WindowChip';
import { draftEdited, replySubmitted } from './slice';

export interface ComposerProps {
  conversationId: string;
}

/** Outside the 24-hour window free text would fail: the composer says so and offers a template. */
function WindowClosed({ conversationId, customerName }: { conversationId: string; customerName: string }) {
  const sent = useAppSelector(selectTemplateSend).sent;
  // The dialog shows until closed, or until a template is sent after it opened.
  const [openedAtSent, setOpenedAtSent] = useState<number | null>(null);
  const choosing = openedAtSent !== null && openedAtSent === sent;
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {WINDOW_TEXTS.composerClosed}
      </Typography>
      <Button variant="contained" onClick={() => setOpenedAtSent(sent)}>
        {WINDOW_TEXTS.sendTemplate}
      </Button>
      <SendTemplateDialog
        open={choosing}
        conversationId={conversationId}
        customerName={customerName}
        onClose={() => setOpenedAtSent(null)}
      />
    </Box>
  );
}

/** SPEC.md §2 and §5: Enter sends, Shift+Enter starts a new line; blank text and a send under way disable it. */
export default function Composer({ conversationId }: ComposerProps) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const canSend = useAppSelector(selectCanSend);
  const target = useAppSelector(selectReplyTarget);
  const conversation = useAppSelector(selectOpenConversation);
  const now = useNow(WINDOW_REFRESH_MS);

  if (conversation && customerWindow(conversation.window_closes_at, now)?.state === 'closed') {
    return (
      <WindowClosed
        conversationId={conversationId}
        customerName={conversation.name === conversation.id ? '' : conversation.name}
      />
    );
  }

  const send = () => {
    if (!canSend) return;
    dispatch(replySubmitted({ conversationId, text: draft, inReplyToMessageId: target?.id ?? null }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // An input method composing a character owns Enter until it is done.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <TextField
        fullWidth
        multiline
        maxRows={6}
        size="small"
        placeholder="Type a message"
        value={draft}
        onChange={(event) => dispatch(draftEdited(event.target.value))}
        onKeyDown={onKeyDown}
        slotProps={{ htmlInput: { 'aria-label': 'Message', maxLength: REPLY_MAX_LENGTH } }}
      />
      <IconButton type="submit" color="primary" aria-label="Send" disabled={!canSend}>
        <SendIcon />
      </IconButton>
    </Box>
  );
}
