import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { Template } from '../../../contract';
import { fillTemplate, TEMPLATE_ERRORS } from '../../../contract/template-rules';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectApprovedTemplates, selectTemplateSend, selectTemplatesStatus } from './selectors';
import { templateSendSubmitted, templatesRequested } from './slice';

export interface SendTemplateDialogProps {
  /** Open until closed or until a template is sent (the parent compares `selectTemplateSend().sent`). */
  open: boolean;
  conversationId: string;
  /** Prefills {{1}}: templates usually greet the customer by name. */
  customerName: string;
  /** The customer stopped marketing messages: a MARKETING template cannot reach them. */
  marketingStopped?: boolean;
  /** The customer wrote with their number hidden: an AUTHENTICATION template cannot reach them. */
  numberHidden?: boolean;
  onClose: () => void;
}

/** Why WhatsApp would not deliver `template` to this customer (the server refuses it too), or null. */
export function unreachableBecause(
  template: Pick<Template, 'category'>,
  customer: Pick<SendTemplateDialogProps, 'marketingStopped' | 'numberHidden'>,
): string | null {
  if (template.category === 'MARKETING' && customer.marketingStopped) return TEMPLATE_ERRORS.marketingStopped;
  if (template.category === 'AUTHENTICATION' && customer.numberHidden) return TEMPLATE_ERRORS.needsPhoneNumber;
  return null;
}

const blanks = (count: number) => Array.from({ length: count }, () => '');

/** Pick an approved template, fill its variables (the customer's name first), preview it, send it. */
export default function SendTemplateDialog({
  open,
  conversationId,
  customerName,
  marketingStopped = false,
  numberHidden = false,
  onClose,
}: SendTemplateDialogProps) {
  const dispatch = useAppDispatch();
  const templates = useAppSelector(selectApprovedTemplates);
  const status = useAppSelector(selectTemplatesStatus);
  const send = useAppSelector(selectTemplateSend);
  const [chosen, setChosen] = useState<Template | null>(null);
  const [bodyValues, setBodyValues] = useState<string[]>([]);
  const [headerValues, setHeaderValues] = useState<string[]>([]);

  useEffect(() => {
    if (open) dispatch(templatesRequested());
  }, [open, dispatch]);

  const choose = (id: number) => {
    const template = templates.find((candidate) => candidate.id === id) ?? null;
    setChosen(template);
    setBodyValues(blanks(template?.body_variables ?? 0).map((value, i) => (i === 0 ? customerName : value)));
    setHeaderValues(blanks(template?.header_variables ?? 0));
  };
  const complete = [...bodyValues, ...headerValues].every((value) => value.trim() !== '');
  const refusal = send.status === 'failed' ? send.refusal : null;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="send-template-title">
      <DialogTitle id="send-template-title">Send a template</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {status === 'loaded' && templates.length === 0 && (
            <Alert severity="info">No approved templates yet: write one on the Templates page.</Alert>
          )}
          <TextField
            select
            label="Template"
            value={chosen?.id ?? ''}
            onChange={(event) => choose(Number(event.target.value))}
            disabled={templates.length === 0}
          >
            {templates.map((template) => {
              const because = unreachableBecause(template, { marketingStopped, numberHidden });
              return (
                <MenuItem key={template.id} value={template.id} disabled={because !== null}>
                  <Box>
                    {template.name} ({template.language})
                    {because && (
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ whiteSpace: 'normal' }}>
                        {because}
                      </Typography>
                    )}
                  </Box>
                </MenuItem>
              );
            })}
          </TextField>
          {headerValues.map((value, i) => (
            <TextField
              key={`header-${i}`}
              label="Header value"
              value={value}
              error={refusal?.field === 'header_values'}
              onChange={(event) => setHeaderValues(headerValues.map((v, j) => (j === i ? event.target.value : v)))}
            />
          ))}
          {bodyValues.map((value, i) => (
            <TextField
              key={`body-${i}`}
              label={`Value {{${i + 1}}}`}
              value={value}
              error={refusal?.field === 'body_values'}
              onChange={(event) => setBodyValues(bodyValues.map((v, j) => (j === i ? event.target.value : v)))}
            />
          ))}
          {chosen && (
            <Box aria-label="Preview" role="group" sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
              {chosen.header && (
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {fillTemplate(chosen.header, headerValues)}
                </Typography>
              )}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {fillTemplate(chosen.body, bodyValues)}
              </Typography>
            </Box>
          )}
          {refusal && <Alert severity="error">{refusal.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!chosen || !complete}
          loading={send.status === 'sending'}
          onClick={() =>
            chosen &&
            dispatch(
              templateSendSubmitted({
                conversationId,
                templateId: chosen.id,
                bodyValues: bodyValues.map((value) => value.trim()),
                headerValues: headerValues.map((value) => value.trim()),
              }),
            )
          }
        >
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
