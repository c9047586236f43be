import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fillTemplate } from '../../../contract/template-rules';
import { lines } from './templateValues';

/** WhatsApp's own colours for a business message, so that the preview reads as the customer's phone shows it. */
const CHAT_COLOURS = {
  light: { wall: '#efeae2', bubble: '#ffffff', text: '#111b21', muted: '#54656f', button: '#00749e' },
  dark: { wall: '#0b141a', bubble: '#202c33', text: '#e9edef', muted: '#aebac1', button: '#53bdeb' },
} as const;

/** The text with each {{n}} replaced by its sample; a variable without a sample stays {{n}}, to be seen. */
export function withSamples(text: string, samples: readonly string[]): string {
  const values = Array.from({ length: samples.length }, (_, index) => samples[index]?.trim() || `{{${index + 1}}}`);
  return fillTemplate(text, values);
}

/** The quick-reply buttons under the bubble, as WhatsApp draws them. */
function QuickReplies({ buttons }: { buttons: string }) {
  return lines(buttons).map((text) => (
    <Box
      key={text}
      sx={(theme) => ({
        background: CHAT_COLOURS[theme.palette.mode].bubble,
        color: CHAT_COLOURS[theme.palette.mode].button,
        borderRadius: 2,
        mt: 0.5,
        py: 0.75,
        textAlign: 'center',
        fontWeight: 500,
        fontSize: 14,
        boxShadow: 1,
      })}
    >
      {text}
    </Box>
  ));
}

export interface TemplatePreviewProps {
  header: string;
  body: string;
  footer: string;
  buttons: string;
  bodyExamples: readonly string[];
  headerExamples: readonly string[];
}

/** The template as the customer will see it: a message bubble with its header, body, footer and buttons. */
export default function TemplatePreview({
  header,
  body,
  footer,
  buttons,
  bodyExamples,
  headerExamples,
}: TemplatePreviewProps) {
  return (
    <Box
      role="figure"
      aria-label="Preview"
      sx={(theme) => {
        const colours = CHAT_COLOURS[theme.palette.mode];
        return { background: colours.wall, borderRadius: 1, p: 2, color: colours.text };
      }}
    >
      <Typography variant="caption" component="p" sx={{ mb: 1, opacity: 0.8 }}>
        Preview with your sample values
      </Typography>
      <Box sx={{ maxWidth: 320 }}>
        <Box
          data-testid="template-bubble"
          sx={(theme) => ({
            background: CHAT_COLOURS[theme.palette.mode].bubble,
            borderRadius: 2,
            borderTopLeftRadius: 0,
            px: 1.5,
            py: 1,
            boxShadow: 1,
          })}
        >
          {header.trim() && (
            <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, mb: 0.5 }}>
              {withSamples(header.trim(), headerExamples)}
            </Typography>
          )}
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {body.trim() ? withSamples(body.trim(), bodyExamples) : 'Your message shows here.'}
          </Typography>
          {footer.trim() && (
            <Typography
              variant="caption"
              component="p"
              sx={(theme) => ({ color: CHAT_COLOURS[theme.palette.mode].muted, mt: 0.5 })}
            >
              {footer.trim()}
            </Typography>
          )}
        </Box>
        <QuickReplies buttons={buttons} />
      </Box>
    </Box>
  );
}
