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
import { selectApprovedTemplates, selectTemplateChoicesStatus, selectTemplateSend } from './templateSendSelectors';
import { templateDialogOpened, templateSendSubmitted } from './templateSendSlice';

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

export interface TemplatePickerProps {
  templates: Template[];
  chosen: Template | null;
  customer: Pick<SendTemplateDialogProps, 'marketingStopped' | 'numberHidden'>;
  onChoose: (templateId: number) => void;
}

/** The approved templates, those that cannot reach this customer disabled with the reason. */
function TemplatePicker({ templates, chosen, customer, onChoose }: TemplatePickerProps) {
  return (
    <TextField
      select
      label="Template"
      value={chosen?.id ?? ''}
      onChange={(event) => onChoose(Number(event.target.value))}
      disabled={templates.length === 0}
    >
      {templates.map((template) => {
        const because = unreachableBecause(template, customer);
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
  );
}

export interface VariableFieldsProps {
  headerValues: string[];
  bodyValues: string[];
  /** The field the server refused, if any. */
  refusedField: string | null | undefined;
  onHeaderValues: (values: string[]) => void;
  onBodyValues: (values: string[]) => void;
}

/** A field per variable: the header's, then the body's {{1}}, {{2}}... */
function VariableFields({ headerValues, bodyValues, refusedField, onHeaderValues, onBodyValues }: VariableFieldsProps) {
  return (
    <>
      {headerValues.map((value, i) => (
        <TextField
          key={`header-${i}`}
          label="Header value"
          value={value}
          error={refusedField === 'header_values'}
          onChange={(event) => onHeaderValues(headerValues.map((v, j) => (j === i ? event.target.value : v)))}
        />
      ))}
      {bodyValues.map((value, i) => (
        <TextField
          key={`body-${i}`}
          label={`Value {{${i + 1}}}`}
          value={value}
          error={refusedField === 'body_values'}
          onChange={(event) => onBodyValues(bodyValues.map((v, j) => (j === i ? event.target.value : v)))}
        />
      ))}
    </>
  );
}

export interface TemplatePreviewProps {
  template: Template;
  headerValues: string[];
  bodyValues: string[];
}

/** The message as the customer will read it, the values filled in. */
function TemplatePreview({ template, headerValues, bodyValues }: TemplatePreviewProps) {
  return (
    <Box aria-label="Preview" role="group" sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      {template.header && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {fillTemplate(template.header, headerValues)}
        </Typography>
      )}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {fillTemplate(template.body, bodyValues)}
      </Typography>
    </Box>
  );
}

/**
 * The template chosen and its variables' values; choosing one blanks them, {{1}} prefilled with the
 * name. `submit` sends it with the values trimmed.
 */
function useTemplateDraft(templates: Template[], customerName: string, conversationId: string) {
  const dispatch = useAppDispatch();
  const [chosen, setChosen] = useState<Template | null>(null);
  const [bodyValues, setBodyValues] = useState<string[]>([]);
  const [headerValues, setHeaderValues] = useState<string[]>([]);
  const choose = (id: number) => {
    const template = templates.find((candidate) => candidate.id === id) ?? null;
    setChosen(template);
    setBodyValues(blanks(template?.body_variables ?? 0).map((value, i) => (i === 0 ? customerName : value)));
    setHeaderValues(blanks(template?.header_variables ?? 0));
  };
  // Every variable needs a value.
  const complete = [...bodyValues, ...headerValues].every((value) => value.trim() !== '');
  const submit = () =>
    chosen &&
    dispatch(
      templateSendSubmitted({
        conversationId,
        templateId: chosen.id,
        bodyValues: bodyValues.map((value) => value.trim()),
        headerValues: headerValues.map((value) => value.trim()),
      }),
    );
  return { chosen, bodyValues, headerValues, setBodyValues, setHeaderValues, choose, complete, submit };
}

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
  const status = useAppSelector(selectTemplateChoicesStatus);
  const send = useAppSelector(selectTemplateSend);
  const { chosen, bodyValues, headerValues, setBodyValues, setHeaderValues, choose, complete, submit } =
    useTemplateDraft(templates, customerName, conversationId);

  useEffect(() => {
    if (open) dispatch(templateDialogOpened());
  }, [open, dispatch]);

  const refusal = send.status === 'failed' ? send.refusal : null;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="send-template-title">
      <DialogTitle id="send-template-title">Send a template</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {status === 'loaded' && templates.length === 0 && (
            <Alert severity="info">No approved templates yet: write one on the Templates page.</Alert>
          )}
          <TemplatePicker
            templates={templates}
            chosen={chosen}
            customer={{ marketingStopped, numberHidden }}
            onChoose={choose}
          />
          <VariableFields
            headerValues={headerValues}
            bodyValues={bodyValues}
            refusedField={refusal?.field}
            onHeaderValues={setHeaderValues}
            onBodyValues={setBodyValues}
          />
          {chosen && <TemplatePreview template={chosen} headerValues={headerValues} bodyValues={bodyValues} />}
          {refusal && <Alert severity="error">{refusal.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!chosen || !complete}
          loading={send.status === 'sending'}
          onClick={submit}
        >
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
