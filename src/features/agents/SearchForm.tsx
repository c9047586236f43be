import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

export interface SearchFormProps {
  placeholder: string;
  /** What the list shows now; the box starts with it. */
  query: string;
  busy: boolean;
  /** SPEC.md §5: an empty search reloads the full list. */
  onSearch: (query: string) => void;
}

export default function SearchForm({ placeholder, query, busy, onSearch }: SearchFormProps) {
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Stack component="form" role="search" direction="row" spacing={1} onSubmit={submit}>
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { 'aria-label': placeholder },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="outlined" disabled={busy}>
        Search
      </Button>
    </Stack>
  );
}
