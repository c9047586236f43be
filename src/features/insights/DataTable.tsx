import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '../../components/visuallyHidden';

export interface DataTableProps {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
  /** Hidden tables stay readable by screen readers. */
  hidden?: boolean;
}

/** A chart's figures as a table: for screen readers always, for everyone on request. */
export default function DataTable({ caption, columns, rows, hidden = false }: DataTableProps) {
  const table = (
    <Table size="small">
      <caption style={hidden ? undefined : { captionSide: 'top', textAlign: 'left' }}>{caption}</caption>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column} scope="col">
              {column}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={index}>
            {row.map((cell, column) => (
              <TableCell key={columns[column]}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  // The clip sits on a block around the table, not on it: a table grows to its content whatever its
  // width, and its own overflow does not clip it, so a hidden table of 25 columns widened the page.
  return hidden ? (
    <Box data-testid="visually-hidden" sx={visuallyHidden}>
      {table}
    </Box>
  ) : (
    // Scrolled sideways on a narrow screen: by keyboard too, so it is a named, focusable region (WCAG 2.1.1).
    <Box role="region" aria-label={caption} tabIndex={0} sx={{ overflowX: 'auto' }}>
      {table}
    </Box>
  );
}
