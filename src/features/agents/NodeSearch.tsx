import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { matchNodes } from './graphViewport';
import type { PositionedGraph } from './selectors';
import { countOf, plural } from '../../../contract/plural';

type GraphNode = PositionedGraph['nodes'][number];

const matchCountText = (count: number) =>
  count === 0 ? 'No node matches.' : `${countOf(count, 'node')} ${plural(count, 'matches', 'match')}.`;

export interface NodeSearchProps {
  nodes: readonly GraphNode[];
  query: string;
  onQueryChange: (query: string) => void;
  onChoose: (node: GraphNode) => void;
}

/** "Find a node": typing highlights the matches, choosing one (or Enter on the text) goes to it. */
export default function NodeSearch({ nodes, query, onQueryChange, onChoose }: NodeSearchProps) {
  const matches = useMemo(() => matchNodes(nodes, query), [nodes, query]);
  return (
    <Box sx={{ flex: '1 1 16rem', maxWidth: { sm: '24rem' } }}>
      <Autocomplete
        freeSolo
        autoHighlight
        options={nodes}
        value={null}
        inputValue={query}
        filterOptions={() => matches}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
        onInputChange={(_event, value, reason) => {
          // Choosing a node keeps what was typed, so that the other matches stay highlighted.
          if (reason !== 'reset') onQueryChange(value);
        }}
        onChange={(_event, chosen) => {
          const node = typeof chosen === 'string' ? matches[0] : chosen;
          if (node) onChoose(node);
        }}
        renderOption={({ key: _key, ...props }, option) => (
          <Box component="li" key={option.id} {...props} sx={{ gap: 1 }}>
            {option.label}
            <Typography component="span" variant="body2" color="text.secondary">
              {option.type}
            </Typography>
          </Box>
        )}
        renderInput={(params) => <TextField {...params} label="Find a node" size="small" />}
      />
      <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
        {query.trim() === '' ? '' : matchCountText(matches.length)}
      </Typography>
    </Box>
  );
}
