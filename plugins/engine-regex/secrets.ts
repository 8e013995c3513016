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
