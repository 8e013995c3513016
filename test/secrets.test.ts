// Secrets (issue 11): the git history read for what stays exposed, baselines, the generic detector's judgement of a
// value, provider rules winning over it, checksums, keyword rules in every assignment syntax and test-mode keys —
// each where a user meets it (HTTP, CLI), and the engine's parts that decide it.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import zlib from 'node:zlib'
import { startServer, tempDir, writeTree, type TestServer } from './helpers/server.ts'
import { runGuard } from './helpers/process.ts'
import type { Finding, ScanResult } from '../kernel/base/schemas.ts'
import { checksumHolds, hasSequence, isPlaceholder, looksLikeCredential } from '../plugins/engine-regex/secrets.ts'
import { spansLines } from '../plugins/engine-regex/engine.ts'
import { LiteralIndex } from '../plugins/engine-regex/literal-index.ts'

type Body = ScanResult & { detail: string; errors: { path: string; message: string }[] }

async function post(server: TestServer, json: unknown): Promise<{ status: number; body: Body }> {
  const res = await server.request('/scan', { method: 'POST', json })
  return { status: res.status, body: (await res.json()) as Body }
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** A GitHub-classic-shaped token whose checksum holds (30 random characters, their CRC-32 in base62). */
function githubToken(prefix: string, seed: number): string {
  let body = ''
  for (let i = 0, x = seed; i < 30; i++) body += BASE62[(x = (x * 1103515245 + 12345) % 2147483648) % 62]
  let sum = zlib.crc32(body)
  let tail = ''
  for (let i = 0; i < 6; i++, sum = Math.floor(sum / 62)) tail = BASE62[sum % 62] + tail
  return `${prefix}_${body}${tail}`
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], { encoding: 'utf8' })
}

/** A repository with a history: a key added, copied into a second file, then deleted from both. */
function historyRepo(dir: string): { commits: string[]; token: string } {
  const token = githubToken('ghp', 7)
  fs.mkdirSync(dir, { recursive: true })
  git(dir, 'init', '-q', '-b', 'main')
  const commit = (files: Record<string, string | null>, message: string, date: string) => {
    for (const [name, text] of Object.entries(files)) {
      if (text === null) fs.rmSync(path.join(dir, name))
      else {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
        fs.writeFileSync(path.join(dir, name), text)
      }
    }
    git(dir, 'add', '-A')
    execFileSync('git', ['-C', dir, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '-q', '-m', message], { env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } })
    return git(dir, 'rev-parse', 'HEAD').trim()
  }
  const commits = [
    commit({ 'app.js': 'module.exports = 1\n' }, 'start', '2024-01-02T10:00:00Z'),
    commit({ 'config.js': `const token = "${token}"\n` }, 'add the token', '2024-02-03T10:00:00Z'),
    commit({ 'copy.js': `// the same token again\nconst t = "${token}"\n`, 'config.js': `const token = "${token}"\nconst port = 8080\n` }, 'copy it', '2024-03-04T10:00:00Z'),
    commit({ 'config.js': 'const token = process.env.GITHUB_TOKEN\n', 'copy.js': null }, 'remove it', '2024-04-05T10:00:00Z'),
  ]
  return { commits, token }
}

describe('history: secrets that stay exposed in a repository', () => {
  let server: TestServer
  let repo: { commits: string[]; token: string }
  before(async () => {
    server = await startServer()
    repo = historyRepo(path.join(server.dir, 'repo'))
    writeTree(server.dir, { 'plain/app.js': 'module.exports = 1\n' })
  })
  after(() => server.close())

  test('a secret deleted from HEAD is found, once, at the commit that first brought it, masked', async () => {
    const { status, body } = await post(server, { repo_path: 'repo', history: true })
    assert.equal(status, 200, JSON.stringify(body))
    const github = body.findings.filter((f) => f.rule_id === 'secrets.github-token')
    assert.equal(github.length, 1, JSON.stringify(github))
    const [f] = github as (Finding & { commit: string; commit_date: string })[]
    assert.equal(f.file, 'config.js')
    assert.equal(f.commit, repo.commits[1])
    assert.match(f.commit_date, /^2024-02-03T10:00:00/)
    assert.ok(!JSON.stringify(body).includes(repo.token.slice(4)), 'the token is masked everywhere in the answer')
    assert.ok(f.snippet.includes('ghp_****'))
    assert.ok(body.files_scanned >= 4, 'every file version was read')
    // The working tree alone no longer shows it.
    const now = await post(server, { repo_path: 'repo' })
    assert.equal(now.body.findings.filter((x) => x.rule_id === 'secrets.github-token').length, 0)
  })

  test('history_since reads only the later commits', async () => {
    const { body } = await post(server, { repo_path: 'repo', history: true, history_since: repo.commits[2] })
    assert.equal(body.findings.filter((f) => f.rule_id === 'secrets.github-token').length, 0, 'the last commit only removes the token')
    const later = await post(server, { repo_path: 'repo', history: true, history_since: repo.commits[1] })
    const found = later.body.findings.filter((f) => f.rule_id === 'secrets.github-token') as (Finding & { commit: string })[]
    assert.deepEqual(found.map((f) => [f.file, f.commit]), [['config.js', repo.commits[2]]], 'first seen in the range: the commit that copied it')
  })

  test('a folder that is not a git repository, inline files and a bad revision are 422', async () => {
    const notGit = await post(server, { repo_path: 'plain', history: true })
    assert.equal(notGit.status, 422)
    assert.equal(notGit.body.errors[0].path, 'history')
    const inline = await post(server, { files: { 'a.js': 'x' }, history: true })
    assert.equal(inline.status, 422)
    const option = await post(server, { repo_path: 'repo', history: true, history_since: '--output=/tmp/x' })
    assert.equal(option.status, 422)
    assert.equal(option.body.errors[0].path, 'history_since')
    const unknown = await post(server, { repo_path: 'repo', history: true, history_since: 'no-such-branch' })
    assert.equal(unknown.status, 422)
  })

  test('guard scan --history prints the commit of each finding', async () => {
    const { code, stdout } = await runGuard(['scan', path.join(server.dir, 'repo'), '--history'])
    assert.equal(code, 0)
    assert.match(stdout, new RegExp(`config\\.js:1:\\d+ \\(commit ${repo.commits[1].slice(0, 12)}, 2024-02-03`))
    const usage = await runGuard(['scan', path.join(server.dir, 'repo'), '--since', 'HEAD'])
    assert.equal(usage.code, 2)
  })
})

describe('baseline: only what is new', () => {
  test('--write-baseline records the findings; --baseline and .guard.yaml baseline leave them out', async () => {
    const dir = tempDir()
    writeTree(dir, { 'app.py': 'import hashlib\nh = hashlib.md5(b"x")\n' })
    const first = await runGuard(['scan', dir, '--write-baseline', path.join(dir, 'baseline.json'), '--format', 'json'])
    assert.equal(first.code, 0, first.stderr)
    const written = JSON.parse(fs.readFileSync(path.join(dir, 'baseline.json'), 'utf8'))
    assert.equal(written.guard_baseline, 1)
    assert.equal(written.findings.length, JSON.parse(first.stdout).findings.length)
    // The same finding moved down a line keeps its fingerprint; a new one is reported.
    fs.writeFileSync(path.join(dir, 'app.py'), 'import hashlib\n\nh = hashlib.md5(b"x")\nh2 = hashlib.sha1(b"y")\n')
    const second = JSON.parse((await runGuard(['scan', dir, '--baseline', path.join(dir, 'baseline.json'), '--format', 'json'])).stdout) as Body
    assert.deepEqual(second.findings.map((f) => f.snippet), ['h2 = hashlib.sha1(b"y")'])
    assert.equal(second.baselined, written.findings.length)
    fs.writeFileSync(path.join(dir, '.guard.yaml'), 'baseline: baseline.json\n')
    const third = JSON.parse((await runGuard(['scan', dir, '--format', 'json'])).stdout) as Body
    assert.equal(third.findings.length, 1)
    const missing = await runGuard(['scan', dir, '--baseline', path.join(dir, 'nope.json')])
    assert.equal(missing.code, 2)
    assert.match(missing.stderr, /not found/)
  })

  test('a repository baseline that leaves the repository is 422; one that is missing is a warning', async () => {
    const server = await startServer()
    try {
      writeTree(server.dir, { 'repo/app.py': 'import hashlib\nh = hashlib.md5(b"x")\n', 'repo/.guard.yaml': 'baseline: ../outside.json\n' })
      const out = await post(server, { repo_path: 'repo' })
      assert.equal(out.status, 422)
      assert.equal(out.body.errors[0].path, 'baseline')
      const missing = await post(server, { repo_path: 'repo', config_overrides: { baseline: 'later.json' } })
      assert.equal(missing.status, 200)
      assert.ok(missing.body.warnings?.some((w) => /baseline not applied: not found/.test(w.message)))
      assert.ok(missing.body.findings.length > 0)
    } finally {
      await server.close()
    }
  })
})

describe('the generic credential detector', () => {
  let server: TestServer
  before(async () => (server = await startServer()))
  after(() => server.close())

  test('translations, names, versions and paths are not credentials; a credential in a test file is low', async () => {
    const files = {
      'i18n/ja.json': '{ "MANDATORY_PASSWORD": "パスワードを入力してください", "PASSWORD_LABEL": "Passwort", "token_version": "v2.14.3" }\n',
      'src/db.py': 'DB_PASSWORD = "Xk9#mQ2$vL7pR4wz"\n',
      'tests/test_db.py': 'DB_PASSWORD = "Xk9#mQ2$vL7pR4wz"\n',
    }
    const { body } = await post(server, { files })
    const generic = body.findings.filter((f) => f.rule_id === 'secrets.hardcoded-password')
    assert.deepEqual(generic.map((f) => [f.file, f.severity]).sort(), [['src/db.py', 'high'], ['tests/test_db.py', 'low']])
  })

  test('a provider token under a credential name is reported once, by the provider rule', async () => {
    const token = githubToken('ghp', 11)
    const { body } = await post(server, { files: { 'app.js': `const api_key = "${token}"\n` } })
    assert.deepEqual(body.findings.map((f) => f.rule_id), ['secrets.github-token'])
  })

  test('looksLikeCredential tells values from words', () => {
    for (const yes of ['Xk9#mQ2$', 'b7f3e9a1c4d2f8e6a0b5c9d3', 'N4u!r8Tq#z2Lw6Ve']) assert.ok(looksLikeCredential(yes), yes)
    for (const no of ['Passwort', 'user_password', 'v1.2.3', './secrets/key.pem', 'パスワード', 'correct horse', 'lorem-ipsum-dolor', 'aaaaaaaaaaaa']) assert.ok(!looksLikeCredential(no), no)
  })
})

test('GitHub and npm tokens must pass their CRC-32 checksum', () => {
  const real = githubToken('ghp', 3)
  assert.ok(checksumHolds('crc32-base62', real))
  assert.ok(checksumHolds('crc32-base62', githubToken('npm', 5)))
  assert.ok(!checksumHolds('crc32-base62', `${real.slice(0, -1)}${real.endsWith('a') ? 'b' : 'a'}`))
  assert.ok(!checksumHolds('crc32-base62', 'ghp_LZDe1f8rESQedUStPKR0CsTy4Qwb8DwkNhFd'))
})

describe('keyword rules in every assignment syntax, test-mode keys and one report per secret', () => {
  let server: TestServer
  before(async () => (server = await startServer()))
  after(() => server.close())
  const found = (body: Body) => body.findings.map((f) => [f.file, f.rule_id, f.line, f.severity]).sort()

  test('a value on the line below its name (YAML block scalar, XML element) is found, reported at the name', async () => {
    const files = {
      'config.yaml': 'asana:\n  asana_token: |\n    k4gwu0c3lc0b1ilzdi1v33gkb7h4k83d\n',
      'settings.xml': '<settings>\n  <lobToken>\n    live_845d875702c37081f309f6ff6bba0d47c7f\n  </lobToken>\n</settings>\n',
      // An empty variable does not take the next line's name as its value.
      '.env': 'ASANA_CLIENT_SECRET=\nASANA_WORKSPACE_NAME_LONGER_THAN_32_CHARACTERS=1\n',
    }
    const { body } = await post(server, { files })
    assert.deepEqual(found(body), [['config.yaml', 'secrets.asana-client-secret', 2, 'high'], ['settings.xml', 'secrets.lob-api-key', 2, 'high']])
    const yaml = body.findings.find((f) => f.file === 'config.yaml')!
    assert.equal(yaml.end_line, 3)
    assert.ok(!yaml.snippet.includes('k4gwu0c3lc0b1ilzdi1v33gkb7h4k83d'), 'the secret on the next line is masked in the snippet')
  })

  test('Go, PHP, Makefile, CSV and escaped-JSON assignments name a provider as well as `=` does', async () => {
    const secret = 'kq7zvd2mw9xh4tn1bc8pr5fy3gs6jl0a'
    const files = {
      'a.go': `var asanaToken string = "${secret}"\n`,
      'b.php': `$asanaToken .= "${secret}";\n`,
      Makefile: `ASANA_TOKEN ?= "${secret}"\n`,
      'c.csv': `asanaToken,${secret},\n`,
      'd.txt': `\\{ \\"asana_token\\": \\"${secret}\\" \\}\n`,
    }
    const { body } = await post(server, { files })
    assert.deepEqual(body.findings.map((f) => f.file).sort(), ['Makefile', 'a.go', 'b.php', 'c.csv', 'd.txt'])
    assert.ok(body.findings.every((f) => f.rule_id === 'secrets.asana-client-secret'))
  })

  test("a provider's test-mode key is reported at medium severity, a live one at the rule's", async () => {
    const files = { 'live.env': 'STRIPE_KEY=sk_live_51Hq8ZxKv3TnM2pLw9RcY7aBd4\n', 'test.env': 'STRIPE_KEY=sk_test_51Hq8ZxKv3TnM2pLw9RcY7aBd4\n' }
    const { body } = await post(server, { files })
    assert.deepEqual(found(body), [['live.env', 'secrets.stripe-secret-key', 1, 'critical'], ['test.env', 'secrets.stripe-secret-key', 1, 'medium']])
  })

  test('a token that a format rule and a keyword rule both find is one finding, the format’s', async () => {
    const { body } = await post(server, { files: { '.env': 'MAILGUN_API_KEY=key-3f8a9c2e7b1d4f6a0c5e9b8d7a6f1e2c\n' } })
    assert.deepEqual(body.findings.map((f) => f.rule_id), ['secrets.mailgun-api-key'])
  })

  test('in source code the catch-all reads quoted values only; in configuration bare values too', async () => {
    const files = {
      'app.py': 'token = parts[1] if parts else fetch_token(request)\nsecret = self.config.signing_secret2\n',
      'types.d.ts': 'export interface Options { password: BinaryLike; privateKey: KeyObject }\n',
      'app.env': 'DB_PASSWORD=q8W!e3Rz#T5yU1iO\n',
      'db.ini': 'db_password=K3p!Xz\n',
    }
    const { body } = await post(server, { files })
    assert.deepEqual(found(body), [['app.env', 'secrets.hardcoded-password', 1, 'high'], ['db.ini', 'secrets.hardcoded-password', 1, 'high']])
  })
})

test('placeholders: stand-ins spelled with digits and symbols, sequences, template references', () => {
  for (const yes of ['P@ssw0rd', 'Ch@ngeMe123', 's3cr3t!!', 'sk_live_abcdefghijklmnopqrstuvwx', 'glpat-1234567890abcdefghij', '%env(DB_PASSWORD)%', '$(ApiToken)', '{password}', '__SECRET__', '((db-password))', '#{ENV["X"]}']) {
    assert.ok(isPlaceholder(yes), yes)
  }
  for (const no of ['N4u!r8Tq#z2Lw6Ve', 'Tr0ub4dor&3horse', 'q8W!e3Rz#T5yU1iO', 'sk_live_51Hq8ZxKv3TnM2pLw9RcY7aBd4']) assert.ok(!isPlaceholder(no), no)
  assert.ok(hasSequence('xx-abcdef-yy') && hasSequence('a123456') && !hasSequence('a12345b'))
})

test('looksLikeCredential: password hashes, encrypted values, members and paths are not; a short password is under its name', () => {
  for (const no of ['$2b$12$KIXQJ8bQe5Hq0y9rZ1t2OeQm5vT4Yz7LrW9nS3xP6uD8fG0hJ1kL2', '{SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=', 'ENC[AES256_GCM,data:Tr7o=,iv:abc=]', 'users.*.profile.apiKey', 'config.api.token2']) {
    assert.ok(!looksLikeCredential(no), no)
  }
  assert.ok(!looksLikeCredential('K3p!Xz') && looksLikeCredential('K3p!Xz', true) && !looksLikeCredential('kkkppp', true))
})

test('spansLines: a line break in the pattern, not in a negated class and not an escaped backslash-n', () => {
  assert.ok(spansLines(':[ \\t]*[|>]\\r?\\n[ \\t]*(\\w+)'))
  assert.ok(!spansLines('discord[^\\n]{0,80}') && !spansLines('-----(?:\\\\r)?\\\\n[A-Z]+'))
})

test('the literal index lists each rule’s candidate lines once, in order, also for literals that overlap', () => {
  const index = new LiteralIndex([{ literals: ['abc', 'bcd'], ignoreCase: true }, { literals: ['zz'], ignoreCase: false }, { literals: null, ignoreCase: false }])
  const text = 'xx\nabcd zz ZZ\nbcd\n\nABC'
  const starts = [0, 3, 14, 18, 19]
  assert.deepEqual(index.candidates(text, () => starts), [[1, 2, 4], [1], null])
})
