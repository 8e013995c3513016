// Escaping for markup (XML, HTML): one place, so every reporter and page treats user content alike.
import { createHash } from 'node:crypto'

/** Characters XML 1.0 forbids anywhere (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function stripInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, '')
}

/** Text or attribute content for XML and HTML: markup characters become entities, forbidden characters go. */
export function escapeMarkup(text: string): string {
  return stripInvalidXmlChars(text).replace(/[&<>"']/g, (c) => ENTITIES[c])
}

/** XML attribute value: also keeps tab/newline/CR, which attribute normalisation would turn into spaces. */
export function escapeXmlAttribute(text: string): string {
  return escapeMarkup(text).replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** One CSV field: control characters go, a leading = + - @ (or tab/CR) is defused with a quote (OWASP CSV injection), then RFC 4180 quoting. */
export function csvCell(value: string | number | boolean): string {
  let text = stripInvalidXmlChars(String(value))
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Markdown table-cell text: punctuation backslash-escaped (so `|` cannot split a cell, nor `<` open HTML), one line. */
export function markdownCell(text: string): string {
  return stripInvalidXmlChars(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`)
}

/** A CSP source that admits exactly this inline text. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/**
 * A self-contained page's opening up to `</head>`: nothing may load from anywhere, only its own style and script (by
 * hash) apply, no referrer leaves it and no icon is asked for. The style and script go in the page as given.
 */
export function selfContainedHead(page: { title: string; style: string; script?: string }): string {
  const csp = [
    "default-src 'none'",
    `style-src ${hashSource(page.style)}`,
    ...(page.script === undefined ? [] : [`script-src ${hashSource(page.script)}`]),
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="guard">',
    `<title>${escapeMarkup(page.title)}</title>`,
    '<link rel="icon" href="data:,">',
    `<style>${page.style}</style>`,
    '</head>',
  ].join('\n')
}
