// Maps guard language ids to ast-grep languages; registers the tree-sitter grammars once per process, for every
// part that parses code (the ast-grep engine, the requirements plugin's comments and code units).
import { Lang, registerDynamicLanguage, type DynamicLangRegistrations } from '@ast-grep/napi'
import c from '@ast-grep/lang-c'
import cpp from '@ast-grep/lang-cpp'
import csharp from '@ast-grep/lang-csharp'
import go from '@ast-grep/lang-go'
import java from '@ast-grep/lang-java'
import php from '@ast-grep/lang-php'
import python from '@ast-grep/lang-python'
import ruby from '@ast-grep/lang-ruby'

const DYNAMIC = { python, java, go, c, cpp, csharp, php, ruby }

// ast-grep keeps only the first registration of a process, so every thread registers the same full set, here.
registerDynamicLanguage(DYNAMIC as DynamicLangRegistrations)

/** The ast-grep language name of a guard language id (`typescript` → TypeScript; `.tsx` files → Tsx). */
export function astLanguage(language: string, filePath = ''): string | undefined {
  if (language === 'javascript') return Lang.JavaScript
  if (language === 'typescript') return filePath.endsWith('.tsx') ? Lang.Tsx : Lang.TypeScript
  return Object.hasOwn(DYNAMIC, language) ? language : undefined
}

/** The character a grammar uses in place of `$` in metavariables (`$` is not an identifier character everywhere). */
export function expandoChar(astLang: string): string {
  const reg = (DYNAMIC as Record<string, { expandoChar?: string }>)[astLang]
  return reg?.expandoChar ?? '$'
}
