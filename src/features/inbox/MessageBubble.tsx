import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReplyIcon from '@mui/icons-material/Reply';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { Message, MessageSender, MessageStatus } from '../../../contract';
import { INBOX_TEXTS } from './format';
import MessageMedia from './MessageMedia';
import MessageSources, { hasSources } from './MessageSources';
import { pricingLabel } from './pricing';
import { ownReaction, QUICK_REACTIONS } from './reaction';
import { messageTime } from '../../components/time';

export interface MessageBubbleProps {
  message: Message;
  /** The message this one replies to: null when it is not among the loaded ones. */
  quoted?: Message | null;
  now: number;
  onReply: (message: Message) => void;
  onCopy: (message: Message) => void;
  onDelete: (message: Message) => void;
  /** The owner picked an emoji for a customer's message (the one already set takes it back). */
  onReact: (message: Message, emoji: string) => void;
  /** The owner's reaction to this message is on its way. */
  reacting?: boolean;
}

/** Who wrote one of our messages. */
const SENDER_LABEL: Record<MessageSender, string | null> = { customer: null, ai: 'AI', human: 'You' };

interface Tick {
  label: string;
  icon: ReactNode;
}

/** Delivery ticks for our messages, WhatsApp's way. */
const TICKS: Record<Exclude<MessageStatus, 'received'>, Tick> = {
  pending: { label: 'Sending', icon: <ScheduleIcon sx={{ fontSize: 14 }} /> },
  sent: { label: 'Sent', icon: <DoneIcon sx={{ fontSize: 14 }} /> },
  delivered: { label: 'Delivered', icon: <DoneAllIcon sx={{ fontSize: 14 }} /> },
  read: { label: 'Read', icon: <DoneAllIcon sx={{ fontSize: 14, color: 'info.main' }} /> },
  failed: { label: 'Not delivered', icon: <ErrorOutlineIcon sx={{ fontSize: 14, color: 'error.main' }} /> },
};

function DeliveryTick({ message }: { message: Message }) {
  if (message.status === 'received') return null;
  const tick = TICKS[message.status];
  return (
    <Box component="span" role="img" aria-label={tick.label} title={tick.label} sx={{ display: 'inline-flex' }}>
      {tick.icon}
    </Box>
  );
}

/** The quick reactions atop a customer's message menu; the owner's current one shows pressed. */
function ReactionRow({
  message,
  reacting,
  onPick,
}: {
  message: Message;
  reacting: boolean;
  onPick: (emoji: string) => void;
}) {
  const own = ownReaction(message);
  return (
    <Box role="group" aria-label={INBOX_TEXTS.react} sx={{ display: 'flex', gap: 0.25, px: 1, pb: 0.5 }}>
      {QUICK_REACTIONS.map((emoji) => (
        <IconButton
          key={emoji}
          size="small"
          aria-label={`${INBOX_TEXTS.react} ${emoji}`}
          aria-pressed={own === emoji}
          disabled={reacting}
          onClick={() => onPick(emoji)}
          sx={{ fontSize: 18, width: 32, height: 32, ...(own === emoji && { bgcolor: 'action.selected' }) }}
        >
          {emoji}
        </IconButton>
      ))}
    </Box>
  );
}

function MessageMenu({
  message,
  reacting = false,
  onReply,
  onCopy,
  onDelete,
  onReact,
}: Omit<MessageBubbleProps, 'now' | 'quoted'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: (message: Message) => void) => () => {
    setAnchor(null);
    action(message);
  };
  return (
    <>
      <IconButton size="small" aria-label="Message actions" onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {!message.is_from_us && (
          <ReactionRow message={message} reacting={reacting} onPick={(emoji) => choose((m) => onReact(m, emoji))()} />
        )}
        <MenuItem onClick={choose(onReply)}>
          <ListItemIcon>
            <ReplyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Reply</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose(onCopy)}>
          <ListItemIcon>
            <ContentCopyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Copy</ListItemText>
        </MenuItem>
        {message.is_from_us && (
          <MenuItem onClick={choose(onDelete)}>
            <ListItemIcon>
              <DeleteIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Delete</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

export interface QuotedMessageProps {
  /** The message replied to, when it is loaded. */
  quoted?: Message | null;
}

/** What a reply quotes, or a stand-in when the original is not loaded. */
function QuotedMessage({ quoted }: QuotedMessageProps) {
  return (
    <Box
      data-testid="quoted-message"
      sx={{
        borderLeft: 3,
        borderColor: 'primary.main',
        pl: 1,
        mb: 0.5,
        opacity: 0.85,
      }}
    >
      <Typography variant="body2" noWrap>
        {quoted?.body ?? INBOX_TEXTS.originalMessage}
      </Typography>
    </Box>
  );
}

export interface ReactionsProps {
  reactions: Message['reactions'];
}

/** The emoji reactions under a message, ours outlined. */
function Reactions({ reactions }: ReactionsProps) {
  return (
    <Box aria-label="Reactions" sx={{ display: 'flex', gap: 0.5, mt: 0.5 }}>
      {reactions.map((reaction, index) => (
        <Box
          key={index}
          component="span"
          title={reaction.from_us ? 'Your reaction' : undefined}
          data-from-us={reaction.from_us}
          sx={{
            bgcolor: 'background.paper',
            borderRadius: 2,
            px: 0.5,
            border: 1,
            borderColor: reaction.from_us ? 'primary.main' : 'transparent',
          }}
        >
          {reaction.emoji}
        </Box>
      ))}
    </Box>
  );
}

export interface MessageFooterProps {
  message: Message;
  now: number;
}

/** Under the text: who sent it, when, how far it got, what it cost, and why it failed. */
function MessageFooter({ message, now }: MessageFooterProps) {
  const sender = SENDER_LABEL[message.sender];
  const cost = message.is_from_us ? pricingLabel(message.pricing) : null;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.25, opacity: 0.8 }}>
        {sender && <Typography variant="caption">{sender}</Typography>}
        <Typography variant="caption" component="time" dateTime={message.timestamp}>
          {messageTime(message.timestamp, now)}
        </Typography>
        <DeliveryTick message={message} />
      </Box>
      {cost && (
        <Typography
          variant="caption"
          component="p"
          aria-label="What this message cost"
          sx={{ textAlign: 'right', color: 'text.secondary', opacity: 0.8 }}
        >
          {cost}
        </Typography>
      )}
      {message.status === 'failed' && message.status_reason && (
        <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
          {message.status_reason}
        </Typography>
      )}
    </>
  );
}

/** One message: what it quotes, its text, reactions, time, who sent it and how far it got. */
export default function MessageBubble({ message, quoted, now, ...actions }: MessageBubbleProps) {
  const ours = message.is_from_us;
  return (
    <Box
      role="article"
      aria-label={ours ? 'Sent message' : 'Received message'}
      sx={{
        display: 'flex',
        flexDirection: ours ? 'row-reverse' : 'row',
        alignItems: 'flex-start',
        gap: 0.5,
        px: 2,
        py: 0.5,
      }}
    >
      <Box
        sx={{
          maxWidth: '75%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          // A tint rather than the full primary colour, so that the read and failed ticks stay legible.
          bgcolor: (theme) =>
            ours
              ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.3 : 0.14)
              : theme.palette.action.hover,
          color: 'text.primary',
        }}
      >
        {message.in_reply_to_message_id && <QuotedMessage quoted={quoted} />}
        {message.media ? (
          <MessageMedia media={message.media} />
        ) : (
          <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Typography>
        )}
        {message.reactions.length > 0 && <Reactions reactions={message.reactions} />}
        <MessageFooter message={message} now={now} />
        {message.sender === 'ai' && hasSources(message.sources) && <MessageSources sources={message.sources} />}
      </Box>
      <MessageMenu message={message} {...actions} />
    </Box>
  );
}
