// Maps guard language ids to ast-grep languages: the kernel registers the grammars (once per process, for every
// part that parses code); this engine's files keep importing them from here.
export { astLanguage, expandoChar } from '../../kernel/engine-api.ts'
