import SmartToyIcon from '@mui/icons-material/SmartToyOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { Conversation } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { HANDOVER_TEXTS, handBackClicked, selectHandingBackId } from './handoverSlice';

/** 'Needs you': the AI handed this conversation to the owner and the hand-over is still open. */
export function NeedsYouChip({ conversation }: { conversation: Pick<Conversation, 'needs_you'> | null }) {
  if (!conversation?.needs_you) return null;
  return <Chip size="small" color="warning" label={HANDOVER_TEXTS.needsYou} sx={{ flexShrink: 0 }} />;
}

/** The chat header's 'Hand back to AI', while the owner answers this customer. */
export function HandBackButton({ conversation }: { conversation: Pick<Conversation, 'id' | 'owner'> | null }) {
  const dispatch = useAppDispatch();
  const handingBackId = useAppSelector(selectHandingBackId);
  if (conversation?.owner !== 'human') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<SmartToyIcon />}
      disabled={handingBackId !== null}
      onClick={() => dispatch(handBackClicked(conversation.id))}
      sx={{ flexShrink: 0 }}
    >
      {HANDOVER_TEXTS.handBack}
    </Button>
  );
}
