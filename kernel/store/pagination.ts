// Cursor pagination of CONTRACT §11: `{items, total, next_cursor}`; a cursor is an opaque position.
import { ValidationError } from '../base/errors.ts'
import type { Page } from './store.ts'

export function encodeCursor(position: number): string {
  return Buffer.from(String(position)).toString('base64url')
}

/** The position a cursor names; a cursor this service did not write is a 422. */
export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined
  const text = Buffer.from(cursor, 'base64url').toString()
  if (!/^\d{1,15}$/.test(text)) throw new ValidationError('Request validation failed', [{ path: 'querystring.cursor', message: 'not a cursor this service issued' }])
  return Number(text)
}

/** A page from `limit + 1` rows fetched after the cursor; the cursor is the last item's position (keyset). */
export function keysetPage<R, T>(rows: R[], limit: number, total: number, position: (row: R) => number, item: (row: R) => T): Page<T> {
  const page = rows.slice(0, limit)
  return { items: page.map(item), total, next_cursor: rows.length > limit ? encodeCursor(position(page[page.length - 1])) : null }
}

/** A page of a list held in memory; the cursor is an offset (the list must not change between pages). */
export function offsetPage<T>(all: T[], limit: number, cursor: string | undefined): Page<T> {
  const start = decodeCursor(cursor) ?? 0
  return { items: all.slice(start, start + limit), total: all.length, next_cursor: start + limit < all.length ? encodeCursor(start + limit) : null }
}
