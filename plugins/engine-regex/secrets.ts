// Telling a real-looking secret from a placeholder: Shannon entropy and the usual stand-in spellings.

/** Bits per character of the string's character distribution. */
export function shannonEntropy(text: string): number {
  if (!text) return 0
  const counts = new Map<string, number>()
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1)
  const length = [...text].length
  let bits = 0
  for (const n of counts.values()) bits -= (n / length) * Math.log2(n / length)
  return bits
}

/** Template and reference syntaxes: the value is filled in elsewhere. */
const REFERENCE = [
  /\$\{[^}]*\}/, // ${VAR}
  /\{\{[^}]*\}\}/, // {{ var }}
  /%\([^)]*\)[sdr]/, // %(name)s
  /^\$[A-Za-z_][A-Za-z0-9_]*$/, // $VAR
  /^%[A-Za-z_][A-Za-z0-9_]*%$/, // %VAR%
  /<[A-Za-z][\w .-]*>/, // <token>, <your key here>
  /^\[[\w .-]*\]$/, // [REDACTED]
  /process\.env|os\.environ|getenv/i,
  /^[A-Z]+(_[A-Z]+)+$/, // an environment variable's name
]

/** Words that only stand-ins contain (`auth-secret`, `test-password`); a random key holds one with negligible probability. */
const STAND_IN_WORDS = /secret|passw(or)?d|changeme|change[_-]me|placeholder|example|dummy|redacted|your[_-]?(api[_-]?)?(key|token|secret|password)|insert[_-]?your|replace[_-]?me|notasecret|not[_-]a[_-]secret|xxxx|\*\*\*/i

/** Whole values that are common stand-ins when only digits or separators are added (`test123`, `password_1`). */
const STAND_IN_VALUES = new Set([
  'test', 'testing', 'tests', 'password', 'passwd', 'pass', 'secret', 'token', 'apikey', 'api_key', 'key', 'foo', 'bar', 'foobar',
  'baz', 'admin', 'root', 'default', 'demo', 'fake', 'mock', 'sample', 'null', 'none', 'nil', 'undefined', 'empty', 'qwerty',
  'letmein', 'abc', 'abcdef', 'value', 'string', 'todo', 'tbd', 'hunter',
])

/** Sample credentials that standards and vendors publish in their documentation (RFC 6749, RFC 5849, jwt.io). */
const PUBLISHED_EXAMPLES = new Set([
  '2YotnFZFEjr1zCsicMWpAA', 'tGzv3JOkF0XG5Qx2TlKWIA', 'SplxlOBeZQQYbYS6WxSbIA', 'mF_9.B5f-4.1JqM', 's6BhdRkqt3', '7Fjfp0ZBr1KtDRbnfVdmIw', 'czZCaGRSa3F0MzpnWDFmQmF0M2JW',
  'ad180jjd733klru7', 'kkk9d7dh3k39sjv7', 'hh5s93j4hdidpola', 'nnch734d00sl2jdk', 'pfkkdhi9sl3r4s00', 'dh893hdasih9', 'hdk48Djdsa', 'j49sk3j29djd', '0685bd9184jfhq22',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
])

/** Whether a matched secret is obviously not a real one (a placeholder, a reference, a repeated character). */
export function isPlaceholder(secret: string): boolean {
  const value = secret.trim()
  if (value.length === 0 || /^(.)\1*$/su.test(value) || PUBLISHED_EXAMPLES.has(value)) return true
  if (REFERENCE.some((re) => re.test(value))) return true
  if (STAND_IN_WORDS.test(value)) return true
  return STAND_IN_VALUES.has(value.toLowerCase().replace(/[\d_.\-!]+$/, '').replace(/^[\d_.\-]+/, ''))
}

/** Words of placeholder text (lorem ipsum) and of prose. */
const LOREM = /^(lorem|ipsum|dolor|amet|consectetur|adipiscing)/i
const VERSION = /^v?\d+(\.\d+){1,3}([-+][\w.]+)?$/
/** Letters and separators only, as names are written (user_password, secretKey, PASSWORD-FIELD). */
const IDENTIFIER = /^[A-Za-z]+(?:[_.\-][A-Za-z]+)*$/

/**
 * Whether a value assigned to a credential-like name looks like a credential itself, not a word, a name, a version,
 * a path or a sentence: printable ASCII without spaces, a mix of character kinds or enough length, and 3.5 bits a
 * character, or for a short value (a random 8-character password carries 3 bits at most) three kinds of character
 * and nearly every character distinct.
 */
export function looksLikeCredential(value: string): boolean {
  if (!/^[\x21-\x7e]+$/.test(value) || value.length < 8) return false // prose, other scripts, spaces
  if (VERSION.test(value) || LOREM.test(value) || /^(\.{0,2}\/|~\/|[A-Za-z]:\\)/.test(value)) return false
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length
  if (IDENTIFIER.test(value) && !(value.length >= 20 && kinds >= 2 && shannonEntropy(value) >= 4)) return false
  if (kinds < 2 && value.length < 20) return false
  const bits = shannonEntropy(value)
  return bits >= 3.5 || (kinds >= 3 && bits >= 0.9 * Math.log2(value.length))
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** CRC-32 (IEEE 802.3, as zlib computes it) of an ASCII string. */
function crc32(text: string): number {
  let crc = 0xffffffff
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) & 0xff
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/**
 * Whether a token passes its format's checksum. `crc32-base62` (GitHub's ghp_/gho_/ghu_/ghs_/ghr_ and npm's npm_
 * tokens): after the prefix's underscore, 30 random characters, then their CRC-32 in base62 as 6 characters.
 */
export function checksumHolds(kind: 'crc32-base62', token: string): boolean {
  const body = token.slice(token.lastIndexOf('_') + 1)
  if (body.length < 7 || !/^[0-9A-Za-z]+$/.test(body)) return false
  let sum = 0
  for (const c of body.slice(-6)) sum = sum * 62 + BASE62.indexOf(c)
  return sum === crc32(body.slice(0, -6))
}
