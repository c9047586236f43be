import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { MessageLocation, MessageMedia as Media } from '../../../contract';
import { useMediaUrl } from './useMediaUrl';

export interface MessageMediaProps {
  media: Media;
}

/** What each kind is called in plain words. */
const KIND_NAME: Record<Media['kind'], string> = {
  image: 'Photo',
  audio: 'Audio',
  video: 'Video',
  document: 'Document',
  sticker: 'Sticker',
  location: 'Location',
};

export const MEDIA_TEXTS = {
  pending: (kind: Media['kind']) => `${KIND_NAME[kind]} on its way…`,
  failed: (kind: Media['kind']) => `${KIND_NAME[kind]} could not be loaded`,
  voiceNote: 'Voice note',
  transcript: 'Transcript',
  openInMap: 'Open in map',
  download: 'Download',
} as const;

/** '2.4 MB', '380 KB', '12 bytes'. */
export function readableSize(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function mapLink({ latitude, longitude }: Pick<MessageLocation, 'latitude' | 'longitude'>): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}

function Notice({ children, error = false }: { children: ReactNode; error?: boolean }) {
  return (
    <Typography variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ fontStyle: 'italic' }}>
      {children}
    </Typography>
  );
}

function Photo({ media, small }: { media: Media; small: boolean }) {
  const file = useMediaUrl(media.url);
  const [zoomed, setZoomed] = useState(false);
  const label = media.caption ?? media.filename ?? KIND_NAME[media.kind];
  if (file.status === 'failed') return <Notice error>{MEDIA_TEXTS.failed(media.kind)}</Notice>;
  if (file.status === 'loading') {
    return (
      <Box role="status" aria-label={`Loading ${KIND_NAME[media.kind].toLowerCase()}`} sx={{ p: 2 }}>
        <ImageIcon color="disabled" />
      </Box>
    );
  }
  const image = (
    <Box
      component="img"
      src={file.src}
      alt={label}
      sx={{ display: 'block', maxWidth: small ? 120 : 280, maxHeight: small ? 120 : 280, borderRadius: 1 }}
    />
  );
  if (small) return image;
  return (
    <>
      <ButtonBase onClick={() => setZoomed(true)} aria-label={`Open ${KIND_NAME[media.kind].toLowerCase()} full size`}>
        {image}
      </ButtonBase>
      <Dialog open={zoomed} onClose={() => setZoomed(false)} maxWidth="lg" aria-label={label}>
        <DialogContent sx={{ p: 0 }}>
          <Box component="img" src={file.src} alt={label} sx={{ display: 'block', maxWidth: '100%' }} />
        </DialogContent>
      </Dialog>
    </>
  );
}

function Player({ media }: { media: Media }) {
  const file = useMediaUrl(media.url);
  if (file.status === 'failed') return <Notice error>{MEDIA_TEXTS.failed(media.kind)}</Notice>;
  const label = media.voice ? MEDIA_TEXTS.voiceNote : (media.filename ?? KIND_NAME[media.kind]);
  if (file.status === 'loading') return <Notice>{label}…</Notice>;
  return media.kind === 'video' ? (
    <Box component="video" controls src={file.src} aria-label={label} sx={{ maxWidth: 280, borderRadius: 1 }} />
  ) : (
    <Box component="audio" controls src={file.src} aria-label={label} sx={{ maxWidth: 260 }} />
  );
}

function DocumentCard({ media }: { media: Media }) {
  const file = useMediaUrl(media.url);
  const name = media.filename ?? KIND_NAME.document;
  const size = readableSize(media.size_bytes);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, borderRadius: 1, bgcolor: 'background.paper' }}>
      <DescriptionIcon color="action" />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        {size && (
          <Typography variant="caption" color="text.secondary">
            {size}
          </Typography>
        )}
      </Box>
      {file.status === 'ready' ? (
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          href={file.src}
          download={name}
          aria-label={`Download ${name}`}
        >
          {MEDIA_TEXTS.download}
        </Button>
      ) : (
        file.status === 'failed' && <Notice error>{MEDIA_TEXTS.failed('document')}</Notice>
      )}
    </Box>
  );
}

function LocationCard({ location }: { location: MessageLocation }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, p: 1, borderRadius: 1, bgcolor: 'background.paper' }}>
      <PlaceIcon color="action" />
      <Box>
        {location.name && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {location.name}
          </Typography>
        )}
        {location.address && <Typography variant="body2">{location.address}</Typography>}
        <Link href={mapLink(location)} target="_blank" rel="noopener noreferrer" variant="body2">
          {MEDIA_TEXTS.openInMap}
        </Link>
      </Box>
    </Box>
  );
}

/** What a voice note says, written out (for an agent whose provider transcribes), under its player. */
function Transcript({ text }: { text: string }) {
  return (
    <Box component="figure" aria-label={MEDIA_TEXTS.transcript} sx={{ m: 0, mt: 0.5 }}>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {MEDIA_TEXTS.transcript}
      </Typography>
      <Typography
        variant="body2"
        component="blockquote"
        sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/** A message's photo, voice note, video, file, sticker or place, and its caption; pending and failed in words. */
export default function MessageMedia({ media }: MessageMediaProps) {
  let content: ReactNode;
  if (media.kind === 'location') {
    content = media.location && <LocationCard location={media.location} />;
  } else if (media.status === 'pending') {
    content = <Notice>{MEDIA_TEXTS.pending(media.kind)}</Notice>;
  } else if (media.status === 'failed') {
    content = <Notice error>{media.failure ?? MEDIA_TEXTS.failed(media.kind)}</Notice>;
  } else if (media.kind === 'image' || media.kind === 'sticker') {
    content = <Photo media={media} small={media.kind === 'sticker'} />;
  } else if (media.kind === 'audio' || media.kind === 'video') {
    content = (
      <>
        <Player media={media} />
        {media.transcript && <Transcript text={media.transcript} />}
      </>
    );
  } else {
    content = <DocumentCard media={media} />;
  }
  return (
    <Box sx={{ mb: 0.5 }}>
      {content}
      {media.caption && (
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
          {media.caption}
        </Typography>
      )}
    </Box>
  );
}
