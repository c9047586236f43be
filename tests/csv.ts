/**
 * An RFC 4180 reader for the tests of the export (server and end-to-end): records end with CRLF, and
 * a quoted field may hold commas, line breaks and doubled quotes. A file whose last record is not
 * closed by CRLF, or whose quote is never closed, is an error.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      index += 1;
    } else {
      field += char;
    }
  }
  if (quoted || field !== '' || record.length > 0) throw new Error('the CSV does not end with a record closed by CRLF');
  return records;
}
