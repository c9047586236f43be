import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { AGENT_LIMITS } from '../../../contract/agents';

const GUIDELINES = [
  { title: 'Supported formats', text: 'PDF, TXT, JPG, JPEG and PNG files.' },
  { title: 'Size limit', text: `Up to ${AGENT_LIMITS.maxFileSizeLabel} per file.` },
  { title: 'Several at once', text: `Up to ${AGENT_LIMITS.maxFiles} files per upload.` },
];

const STEPS = [
  'The text of each document is extracted.',
  'It is split into overlapping chunks and indexed (embedded when the model offers embeddings).',
  'Your agent can then reference it when it answers your customers.',
];

const FILE_TYPES = [
  { type: 'PDF', text: 'Text from all pages is extracted; scanned pages are read by OCR.' },
  { type: 'TXT', text: 'Processed directly.' },
  { type: 'JPG / PNG', text: 'The text in the image is read via OCR.' },
];

/** The upload page's guideline cards, 'How it works' and the File Type Guide (SPEC.md §2 Upload). */
export default function UploadGuide() {
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        {GUIDELINES.map((guideline) => (
          <Card key={guideline.title} variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {guideline.title}
              </Typography>
              <Typography color="text.secondary">{guideline.text}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              How it works
            </Typography>
            <List dense component="ol" sx={{ listStyle: 'decimal', pl: 3 }}>
              {STEPS.map((step) => (
                <ListItem key={step} sx={{ display: 'list-item' }}>
                  <ListItemText primary={step} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              File Type Guide
            </Typography>
            <List dense>
              {FILE_TYPES.map(({ type, text }) => (
                <ListItem key={type}>
                  <ListItemText primary={type} secondary={text} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
