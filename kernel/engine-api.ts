// What code running inside the worker threads may use: the rule format, the engine interface, the languages and the
// literal search. Engines import this door, not plugin.ts, so a thread never loads the server's modules.
export type { AstRule, Engine, EngineMatch, FileLinks, FileSummary, LinkedFiles, RuleDef, SourceFile, TaintTraceStep } from './catalog/rule.ts'
export { ALL_LANGUAGES, STRUCTURAL_LANGUAGES, isTestPath, languageOf, ruleAppliesTo } from './catalog/languages.ts'
export { astLanguage, expandoChar } from './catalog/ast-languages.ts'
export { gluedBefore, isWordChar, LiteralSearch } from './base/literal-search.ts'
export { noteForFile } from './base/notes.ts'
export { parseRegex, type RegexNode } from './base/regex-syntax.ts'
export { catastrophicReason } from './base/regex-safety.ts'
export { derived } from './base/derived.ts'
