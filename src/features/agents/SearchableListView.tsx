import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SearchableList } from './searchableList';
import SearchForm from './SearchForm';

export interface SearchableListViewProps<T> {
  /** What the list holds, plural and capitalised as its label reads: 'Memories', 'Contexts'. */
  label: string;
  list: SearchableList<T>;
  items: T[];
  onSearch: (query: string) => void;
  renderItem: (item: T) => ReactNode;
  /** Why the whole list is empty and what would fill it, under 'No … found.' (not after a search). */
  emptyHint?: ReactNode;
}

/** A searchable list of the agent page: its search box, loading, failure and empty states, and its rows. */
export default function SearchableListView<T>({
  label,
  list,
  items,
  onSearch,
  renderItem,
  emptyHint,
}: SearchableListViewProps<T>) {
  const noun = label.toLowerCase();
  const loading = list.status === 'idle' || list.status === 'loading';
  return (
    <Stack spacing={2}>
      <SearchForm placeholder={`Search ${noun}...`} query={list.query} busy={loading} onSearch={onSearch} />
      {list.status === 'failed' && <Alert severity="error">{list.error}</Alert>}
      {loading && <Typography color="text.secondary">{`Loading ${noun}...`}</Typography>}
      {list.status === 'loaded' && items.length === 0 && (
        <Typography color="text.secondary">{`No ${noun} found.`}</Typography>
      )}
      {list.status === 'loaded' && items.length === 0 && list.query === '' && emptyHint}
      {list.status === 'loaded' && items.length > 0 && (
        <List aria-label={label} disablePadding>
          {items.map(renderItem)}
        </List>
      )}
    </Stack>
  );
}
