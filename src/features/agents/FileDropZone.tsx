import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type DragEvent } from 'react';
import { ACCEPTED_FILES } from './uploadRules';

export interface FileDropZoneProps {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

/** Drop files here, or pick them with the button. */
export default function FileDropZone({ disabled, onFiles }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);

  const over = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.files && event.target.files.length > 0) onFiles([...event.target.files]);
    event.target.value = '';
  };

  return (
    <Box
      data-testid="file-drop-zone"
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 4,
        textAlign: 'center',
      }}
    >
      <CloudUploadOutlinedIcon color={dragging ? 'primary' : 'action'} sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p" gutterBottom>
        Drag and drop your files here
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        or choose them from your computer
      </Typography>
      <Button component="label" variant="outlined" disabled={disabled}>
        Choose Files
        <input hidden type="file" multiple accept={ACCEPTED_FILES} onChange={choose} aria-label="Choose files" />
      </Button>
    </Box>
  );
}
