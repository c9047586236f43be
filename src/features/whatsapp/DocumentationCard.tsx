import MenuBookIcon from '@mui/icons-material/MenuBook';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';

export const DOCUMENTATION_LINKS = [
  { label: 'WhatsApp Cloud API', href: 'https://developers.facebook.com/docs/whatsapp/cloud-api' },
  { label: 'Embedded Signup', href: 'https://developers.facebook.com/docs/whatsapp/embedded-signup' },
  { label: 'Webhooks', href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks' },
];

/** Meta's own documentation of what this page shows. */
export default function DocumentationCard() {
  return (
    <Card variant="outlined">
      <CardHeader
        avatar={<MenuBookIcon color="action" />}
        title="Documentation"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1}>
          {DOCUMENTATION_LINKS.map(({ label, href }) => (
            <MuiLink key={href} href={href} target="_blank" rel="noopener noreferrer">
              {label}
            </MuiLink>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
