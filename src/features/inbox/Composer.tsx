import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ATTACHMENT_ACCEPT, holdAttachment } from './attachmentFile';
import { customerWindow, WINDOW_TEXTS } from './customerWindow';
import SendTemplateDialog from './SendTemplateDialog';
import { selectTemplateSend } from './templateSendSelectors';
import { readableSize } from './MessageMedia';
import { customerPhoneNumber, REPLY_MAX_LENGTH } from './format';
import {
  selectAttachment,
  selectAttachmentProblem,
  selectCanSend,
  selectCanSendAttachment,
  selectDraft,
  selectOpenConversation,
  selectReplyTarget,
} from './selectors';
import type { Attachment } from './state';
import { useNow } from '../../components/useNow';
import { WINDOW_REFRESH_MS } from './WindowChip';
import { attachmentChosen, attachmentRemoved, attachmentSubmitted, draftEdited, replySubmitted } from './slice';

export interface ComposerProps {
  conversationId: string;
}

/** Outside the 24-hour window free text would fail: the composer says so and offers a template. */
function WindowClosed({
  conversationId,
  customerName,
  marketingStopped,
}: {
  conversationId: string;
  customerName: string;
  marketingStopped: boolean;
}) {
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
        marketingStopped={marketingStopped}
        numberHidden={customerPhoneNumber(conversationId) === null}
        onClose={() => setOpenedAtSent(null)}
      />
    </Box>
  );
}

/** The id of the composer's text field, where focus goes when a reply starts or is cancelled. */
export const COMPOSER_FIELD_ID = 'composer-field';

/** Moves focus to the composer's text field, when it shows. */
export function focusComposer() {
  document.getElementById(COMPOSER_FIELD_ID)?.focus();
}

export const COMPOSER_TEXTS = {
  attach: 'Attach a photo, document, audio or video',
  captionPlaceholder: 'Add a caption (optional)',
} as const;

/** The paper clip: a file WhatsApp can send (the server decides by its bytes). */
function AttachButton({ conversationId, disabled }: { conversationId: string; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const id = holdAttachment(file);
    dispatch(attachmentChosen({ conversationId, id, name: file.name, size: file.size, type: file.type }));
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={ATTACHMENT_ACCEPT}
        onChange={chosen}
        data-testid="attachment-input"
      />
      <IconButton aria-label={COMPOSER_TEXTS.attach} disabled={disabled} onClick={() => input.current?.click()}>
        <AttachFileIcon />
      </IconButton>
    </>
  );
}

/** The attached file: its name and size, its upload's progress, or why it cannot go. */
function AttachmentRow({ attachment }: { attachment: Attachment }) {
  const dispatch = useAppDispatch();
  const problem = useAppSelector(selectAttachmentProblem);
  const size = readableSize(attachment.size);
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
          {attachment.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {size}
        </Typography>
        <IconButton
          size="small"
          aria-label={`Remove ${attachment.name}`}
          disabled={attachment.status === 'uploading'}
          onClick={() => dispatch(attachmentRemoved())}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {attachment.status === 'uploading' && (
        <LinearProgress variant="determinate" value={attachment.percent} aria-label={`Uploading ${attachment.name}`} />
      )}
      {problem && (
        <Typography role="alert" variant="caption" color="error" component="p">
          {problem}
        </Typography>
      )}
    </Box>
  );
}

/** Sends the draft, or the attached file with the draft as its caption, unless it cannot go yet. */
function useSendReply(conversationId: string) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const canSend = useAppSelector(selectCanSend);
  const target = useAppSelector(selectReplyTarget);
  const attachment = useAppSelector(selectAttachment);
  const canSendAttachment = useAppSelector(selectCanSendAttachment);
  return () => {
    const inReplyToMessageId = target?.id ?? null;
    if (attachment) {
      if (canSendAttachment)
        dispatch(attachmentSubmitted({ conversationId, caption: draft.trim(), inReplyToMessageId }));
      return;
    }
    if (!canSend) return;
    dispatch(replySubmitted({ conversationId, text: draft, inReplyToMessageId }));
  };
}

/** The reply form: the attached file, the attach button, the text and Send. */
function ReplyForm({ conversationId }: ComposerProps) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const canSend = useAppSelector(selectCanSend);
  const attachment = useAppSelector(selectAttachment);
  const canSendAttachment = useAppSelector(selectCanSendAttachment);
  const send = useSendReply(conversationId);
  const replyTargetId = useAppSelector(selectReplyTarget)?.id ?? null;

  useEffect(() => {
    // Reply was chosen in a message's menu: the work goes on here. The menu gives focus back to its ⋮ when it
    // closes, in the cleanup of the same commit; this effect runs after every cleanup, so it has the last word.
    if (replyTargetId !== null) focusComposer();
  }, [replyTargetId]);

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
      sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      {attachment && <AttachmentRow attachment={attachment} />}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <AttachButton conversationId={conversationId} disabled={attachment?.status === 'uploading'} />
        <TextField
          fullWidth
          multiline
          maxRows={6}
          size="small"
          placeholder={attachment ? COMPOSER_TEXTS.captionPlaceholder : 'Type a message'}
          value={draft}
          onChange={(event) => dispatch(draftEdited(event.target.value))}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              id: COMPOSER_FIELD_ID,
              'aria-label': attachment ? 'Caption' : 'Message',
              maxLength: REPLY_MAX_LENGTH,
            },
          }}
        />
        <IconButton
          type="submit"
          color="primary"
          aria-label="Send"
          disabled={attachment ? !canSendAttachment : !canSend}
        >
          <SendIcon />
        </IconButton>
      </Box>
    </Box>
  );
}

/** SPEC.md §2 and §5: Enter sends, Shift+Enter starts a new line; blank text and a send under way disable it. */
export default function Composer({ conversationId }: ComposerProps) {
  const conversation = useAppSelector(selectOpenConversation);
  const now = useNow(WINDOW_REFRESH_MS);

  if (conversation && customerWindow(conversation.window_closes_at, now)?.state === 'closed') {
    return (
      <WindowClosed
        conversationId={conversationId}
        customerName={conversation.name === conversation.id ? '' : conversation.name}
        marketingStopped={Boolean(conversation.marketing_stopped_at)}
      />
    );
  }
  return <ReplyForm conversationId={conversationId} />;
}
