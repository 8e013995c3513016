// An RFC 4180 reader for the CSV files guard writes (reports, the traceability matrix): the tests read them back.
import assert from 'node:assert/strict'

/** Rows of quoted or bare fields, doubled quotes, CRLF row ends (CRLF inside quotes kept); asserts the file ends a row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  assert.equal(quoted, false, 'no unterminated quote')
  assert.equal(cell + row.join(''), '', 'file ends with CRLF')
  return rows
}
