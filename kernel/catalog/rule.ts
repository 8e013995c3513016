// The rule format (CONTRACT §6) and the engine interface every matcher implements.
import type { Confidence, Severity } from '../base/schemas.ts'

/** An ast-grep rule object: pattern / kind / regex / any / all / not / inside / has / follows / precedes. */
export type AstRule = Record<string, unknown>

export interface RuleDef {
  id: string
  name: string
  /** What is wrong; `$X` names a metavariable of the match. */
  message: string
  severity: Severity
  /** Language ids of kernel/languages.ts, or `generic` for every text file. */
  languages: string[]
  cwe: string[]
  owasp: string[]
  confidence: Confidence
  remediation: string
  description?: string
  tags?: string[]
  /** Structural matcher: a pattern string, or a full ast-grep rule object. */
  pattern?: string
  rule?: AstRule
  /** Metavariable constraints of ast-grep (`$X: {regex: ...}`). */
  constraints?: Record<string, AstRule>
  /**
   * Taint mode: data from a `sources` match that reaches a `sinks` match (or the sink's `focus` metavariables, the
   * dangerous argument) through assignments, calls and string building is a finding, unless a `sanitizers` match
   * lies on the way; `propagators` (`from`/`to` metavariables) carry it into a variable, as `$SB.append($X)` does.
   * Each entry is an ast-grep rule object, with an optional `prefilter`: a regex the file's text must match for the
   * entry to match anywhere in it (files without it are not parsed for the entry). `include` names taint libraries
   * (`*.lib.yaml`) whose entries are added.
   */
  mode?: 'taint'
  /** Arithmetic carries taint (a weak random number times 1000 is still predictable); by default it cleans. */
  taint_arithmetic?: boolean
  sources?: AstRule[]
  sinks?: AstRule[]
  sanitizers?: AstRule[]
  propagators?: AstRule[]
  /** Conditions that validate a value (`focus: $X`): it is clean where the check holds (`safe_when: false` inverts). */
  guards?: AstRule[]
  include?: string[]
  /** Text matcher: a JavaScript regular expression (flags in `regex_flags`). */
  regex?: string
  regex_flags?: string
  /** Regex rules: fire once per file, at its first line of code, when no line matches (a required tag missing). */
  absent?: boolean
  /**
   * For secrets: the capture group holding the secret, masked in every output. A match in which the group takes no
   * part is reported with nothing to mask (a key header whose body is on the following lines).
   */
  secret_group?: number
  /** For secrets: minimum Shannon entropy (bits/char) of the secret. */
  entropy?: number
  /**
   * For secrets: a catch-all detector (a keyword and a value, no provider format): the value must look like a
   * credential (see looksLikeCredential), and the rule stays quiet where a provider rule reports the same secret.
   */
  generic?: boolean
  /** For secrets: a checksum the format carries, which a real token passes (`crc32-base62`: GitHub, npm). */
  checksum?: 'crc32-base62'
  paths?: { include?: string[]; exclude?: string[] }
  /** In test files: `skip` the rule, or lower its confidence (default `lower`). */
  in_tests?: 'skip' | 'lower' | 'keep'
  fix?: string
  /** Literal words one of which must appear in the file for the rule to possibly match (derived when absent). */
  prefilter?: string[]
  enabled?: boolean
  /** Where the rule was loaded from (absolute path), set by the loader. */
  source?: string
}

/** A file handed to an engine. `text` is always present; `path` is POSIX, relative to the scan root. */
export interface SourceFile {
  path: string
  language: string
  text: string
  isTest: boolean
}

/** One place an engine found; positions are 1-based, end inclusive-exclusive as in SARIF. */
export interface EngineMatch {
  rule_id: string
  line: number
  column: number
  end_line: number
  end_column: number
  /** Final message with metavariables substituted. */
  message: string
  /** The matched text (before masking); the pipeline derives the snippet from the lines. */
  matched: string
  /** The secret's own text, masked wherever it appears in the snippet and message. */
  secret?: string
  confidence?: Confidence
  /** Set where this match is less severe than its rule (a generic credential in a test file). */
  severity?: Severity
  /** Taint findings: the source, each step, and the sink (a step in another file names it). */
  trace?: TaintTraceStep[]
}

export interface TaintTraceStep {
  line: number
  column: number
  note: string
  /** Set on a step in another file of the repository (a flow into an imported function); else the finding's file. */
  file?: string
}

/**
 * What an engine that follows data across files knows of one file's functions, for the files that import it: plain
 * JSON, opaque to the kernel (it crosses threads and is kept between scans).
 */
export type FileSummary = Record<string, unknown>

/**
 * The summaries of the files a file imports, by the import as the engine named it (`links`): each import resolves to
 * the files it may name, each with the summary its engine made of it.
 */
export type LinkedFiles = Record<string, { path: string; summary: FileSummary }[]>

/**
 * A file's imports of other files of the repository, each with the names the file calls through it. An import is a
 * list of candidate paths relative to the scan root, `|` between them: `a/b.js` a file, `**\/a/b.java` a file at any
 * depth, `a/*.go` every such file of a folder, `…/x/a/*.go` the same in the longest trailing part of the path that is
 * a folder (see linked.ts).
 */
export type FileLinks = Record<string, string[]>

/**
 * A matcher implementation. Engines run inside worker threads, so a plugin registers the
 * module URL of its engine (`registerEngine`) and the worker imports it; the module's default
 * export satisfies this interface.
 */
export interface Engine {
  name: string
  /** Whether this engine evaluates the rule (e.g. has `pattern`/`rule`, or has `regex`). */
  handles(rule: RuleDef): boolean
  /** Throws an Error naming the bad field when the rule cannot be compiled. */
  validate(rule: RuleDef): void
  /**
   * Runs the rules (already filtered to this engine and the file's language) on one file. `linked`, when given, holds
   * the summaries of the files it imports: a second look at a file where flows start (see kernel/scan/linked.ts),
   * which gives the matches that follow flows (those with a trace) only; the first look's other matches stay.
   */
  scan(file: SourceFile, rules: RuleDef[], linked?: LinkedFiles): EngineMatch[]
  /**
   * Optional, for flows across files: asked right after `scan` of the same file, the imports of a file where flows may
   * start (else undefined).
   */
  links?(file: SourceFile, rules: RuleDef[]): FileLinks | undefined
  /**
   * Optional: what the functions of `names` in an imported file do with their parameters (which reach a sink, which
   * the return), given the summaries of the files it imports in turn; with its own imports, to summarise those first.
   */
  summarize?(file: SourceFile, rules: RuleDef[], names: string[], linked: LinkedFiles): { summary?: FileSummary; imports: FileLinks }
}
