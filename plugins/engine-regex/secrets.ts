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
  /#\{[^}]*\}/, // #{ENV['X']} (Ruby, CoffeeScript)
  /\$\([A-Za-z_][\w.]*\)/, // $(VAR) (Make, Azure Pipelines)
  /%env\([^)]*\)%/, // %env(X)% (Symfony)
  /^\{[A-Za-z_][\w.]*\}$/, // {password} (a format string's field)
  /^(?:@@|__|\(\()[A-Za-z_][\w.-]*(?:@@|__|\)\))$/, // @@X@@, __X__, ((x)) (replace tokens, Concourse)
  /^<%=?.*%>$/, // <%= ENV['X'] %> (ERB)
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
  // The storage emulator's (Azurite's) account key, the same on every machine and in Microsoft's documentation.
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
  // Tokens in Slack's, GitHub's, Discord's and Telegram's API documentation.
  'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs',
  '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11', 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0',
  // Stripe's documentation keys (its API reference and quick starts show them to every reader).
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc', 'sk_test_BQokikJOvBiI2HlWgH4olfQ2', 'pk_test_TYooMQauvdEDq54NiTphI7jx', 'rk_test_4eC39HqLyjWDarjtT1zdp7dc',
])

/** Digits and symbols written for letters (P@ssw0rd, s3cr3t): a stand-in spelled to pass a password rule is still one. */
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '3': 'e', '1': 'i', '!': 'i', '0': 'o', '$': 's', '5': 's', '7': 't' }
const unleet = (value: string) => value.replace(/[@43!1057$](?=[A-Za-z@43!1057$]*[A-Za-z])/g, (c) => LEET[c] ?? c)

/** Six or more characters that follow each other (abcdef, 123456, KLMNOP): typed by a person, never drawn at random. */
export function hasSequence(value: string, run = 6): boolean {
  let length = 1
  for (let i = 1; i < value.length; i++) {
    const c = value.charCodeAt(i)
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
    length = alnum && c === value.charCodeAt(i - 1) + 1 ? length + 1 : 1
    if (length >= run) return true
  }
  return false
}

/** Whether a matched secret is obviously not a real one (a placeholder, a reference, a repeated character). */
export function isPlaceholder(secret: string): boolean {
  const value = secret.trim()
  if (value.length === 0 || /^(.)\1*$/su.test(value) || PUBLISHED_EXAMPLES.has(value)) return true
  if (REFERENCE.some((re) => re.test(value))) return true
  if (STAND_IN_WORDS.test(value) || hasSequence(value)) return true
  const word = (v: string) => v.toLowerCase().replace(/[\d_.\-!#*]+$/, '').replace(/^[\d_.\-]+/, '')
  return STAND_IN_VALUES.has(word(value)) || STAND_IN_WORDS.test(unleet(value)) || STAND_IN_VALUES.has(word(unleet(value)))
}

/** Words of placeholder text (lorem ipsum) and of prose. */
const LOREM = /^(lorem|ipsum|dolor|amet|consectetur|adipiscing)/i
const VERSION = /^v?\d+(\.\d+){1,3}([-+][\w.]+)?$/
/** Letters and separators only, as names and paths are written (user_password, secretKey, users.*.apiKey): never a key. */
const IDENTIFIER = /^[A-Za-z_.*:-]+$/
/** A member of an object, as code reads it (settings.SECRET_KEY, config.api.token2): words, digits only at their ends. */
const MEMBER = /^[A-Za-z_$][A-Za-z_$]*\d*(?:\.[A-Za-z_$][A-Za-z_$]*\d*)+$/
/**
 * A short name written in words and a number (Uint8Array, Base64Url, utf8Decoder, Summer2024): each run of letters a
 * word (three or more letters, a quarter of them vowels), where a drawn value breaks its letters into short runs.
 */
function isWordsAndNumber(value: string): boolean {
  if (value.length > 20 || !/^[A-Za-z0-9_-]+$/.test(value)) return false
  const runs = value.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g) ?? []
  const word = (r: string) => r.length >= 3 && (r.match(/[aeiouy]/gi)?.length ?? 0) >= r.length / 4
  return runs.filter((r) => /^[0-9]/.test(r)).length <= 2 && runs.every((r) => /^[0-9]/.test(r) || word(r))
}

/** A value encrypted for the repository (SOPS, Ansible Vault): safe to commit by design. */
const ENCRYPTED = /^(?:ENC\[(?:AES256_GCM|PKCS7|RSA)\b|\$ANSIBLE_VAULT;)/
/** A password hash (bcrypt, argon2, scrypt, PBKDF2, crypt's SHA/MD5 forms, LDAP's {SSHA}): stored to check a password, not to sign in. */
const PASSWORD_HASH = /^(?:\$(?:2[abxy]?|argon2(?:id|i|d)|scrypt|pbkdf2[\w-]*|[156]|sha(?:256|512)|y|gy|7)\$|\{(?:S?SHA\d*|S?MD5|CRYPT|BCRYPT|PBKDF2[\w-]*|ARGON2)\})/i

/**
 * Whether a value assigned to a credential-like name looks like a credential itself, not a word, a name, a member
 * of an object, a version, a path, a password hash or a sentence: printable ASCII without spaces, holding a digit or
 * a symbol, a mix of character kinds or enough length, and 3.5 bits a character, or for a short value (a random
 * 8-character password carries 3 bits at most) three kinds of character and nearly every character distinct.
 * With `password` (the name says password), a 6- or 7-character value counts too when it mixes three kinds of
 * character and repeats none.
 */
export function looksLikeCredential(value: string, password = false): boolean {
  if (!/^[\x21-\x7e]+$/.test(value)) return false // prose, other scripts, spaces
  // A short value counts under a name that says password, when three kinds of character and no repeats say it was chosen.
  if (value.length < 8) return password && value.length >= 6 && shortPassword(value)
  if (VERSION.test(value) || LOREM.test(value) || /^(\.{0,2}\/|~\/|[A-Za-z]:\\)/.test(value)) return false
  if (IDENTIFIER.test(value) || MEMBER.test(value) || PASSWORD_HASH.test(value) || ENCRYPTED.test(value) || isWordsAndNumber(value)) return false
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length
  if (kinds < 2 && value.length < 20) return false
  const bits = shannonEntropy(value)
  return bits >= 3.5 || (kinds >= 3 && bits >= 0.85 * Math.log2(value.length))
}

function shortPassword(value: string): boolean {
  if (VERSION.test(value) || IDENTIFIER.test(value)) return false
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length
  return kinds >= 3 && new Set(value).size === value.length
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
