// Which language a file is, by extension or name. Ids match rule `languages` and the ast-grep engine.
import path from 'node:path'

const BY_EXTENSION: Record<string, string> = {
  '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.jsx': 'javascript',
  '.ts': 'typescript', '.mts': 'typescript', '.cts': 'typescript', '.tsx': 'typescript',
  '.py': 'python', '.pyw': 'python',
  '.java': 'java',
  '.go': 'go',
  '.c': 'c', '.h': 'c',
  '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.hpp': 'cpp', '.hh': 'cpp', '.hxx': 'cpp',
  '.cs': 'csharp',
  '.php': 'php',
  '.rb': 'ruby',
  '.yaml': 'yaml', '.yml': 'yaml', '.json': 'json', '.toml': 'toml', '.ini': 'ini', '.env': 'dotenv',
  '.properties': 'properties', '.xml': 'xml', '.tf': 'terraform', '.sh': 'shell', '.bash': 'shell',
}
const BY_NAME: Record<string, string> = { Dockerfile: 'dockerfile', '.env': 'dotenv', Rakefile: 'ruby', Gemfile: 'ruby' }

/** Languages that have a syntax tree (structural rules); every other text file is `generic`-only. */
export const STRUCTURAL_LANGUAGES = ['javascript', 'typescript', 'python', 'java', 'go', 'c', 'cpp', 'csharp', 'php', 'ruby'] as const
export const ALL_LANGUAGES = [...STRUCTURAL_LANGUAGES, 'yaml', 'json', 'toml', 'ini', 'dotenv', 'properties', 'xml', 'terraform', 'shell', 'dockerfile', 'text', 'generic']

// Type declarations hold no executable code: only text rules (secrets) read them, and they are never parsed.
const DECLARATIONS = /\.d\.[cm]?ts$/

export function languageOf(file: string): string {
  const base = path.posix.basename(file)
  if (DECLARATIONS.test(base)) return 'text'
  if (BY_NAME[base]) return BY_NAME[base]
  if (base.startsWith('.env.')) return 'dotenv'
  return BY_EXTENSION[path.posix.extname(base).toLowerCase()] ?? 'text'
}

/** Whether a rule written for `ruleLanguages` applies to a file of `language`. */
export function ruleAppliesTo(ruleLanguages: string[], language: string): boolean {
  if (ruleLanguages.includes('generic') || ruleLanguages.includes(language)) return true
  // JavaScript rules also read TypeScript, and C rules C++ (a superset in what they match).
  return (language === 'typescript' && ruleLanguages.includes('javascript')) || (language === 'cpp' && ruleLanguages.includes('c'))
}

const TEST_PATH = /(^|\/)(tests?|__tests__|spec|specs|testdata|fixtures?)\/|(^|\/)test_[^/]*\.py$|_test\.(go|py|rb)$|\.(test|spec)\.[cm]?[jt]sx?$|Tests?\.(java|cs)$|_spec\.rb$/i
/** Test files are recognised so rules can lower confidence or skip there. */
export function isTestPath(file: string): boolean {
  return TEST_PATH.test(file)
}
