// The one-pass search for many literals (Aho–Corasick) that both engines' prefilters rely on: it must never miss.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { LiteralSearch } from '../kernel/base/literal-search.ts'

const occurrences = (search: LiteralSearch, text: string) => {
  const found: string[] = []
  search.scan(text, (literal, end) => found.push(`${search.literals[literal]}@${end}`))
  return found.sort()
}

test('reports every occurrence of every literal, overlapping ones and those inside others included', () => {
  const search = new LiteralSearch(['he', 'she', 'his', 'hers', ''])
  assert.deepEqual(occurrences(search, 'ushers his'), ['he@4', 'hers@6', 'his@10', 'she@4'])
  assert.deepEqual(occurrences(search, 'nothing here? h e'), ['he@10'])
})

test('with ignoreCase, ASCII and other letters match in either case', () => {
  const search = new LiteralSearch(['Password', 'ÉTÉ', 'sk-'], true)
  assert.deepEqual(occurrences(search, 'PASSWORD été SK-1'), ['Password@8', 'sk-@16', 'ÉTÉ@12'])
  assert.deepEqual(occurrences(new LiteralSearch(['Password']), 'PASSWORD password'), [])
})

test('present() tells which literals occur, words only where no identifier character is glued on', () => {
  const search = new LiteralSearch(['eval', 'eval', 'req.query', 'get'], false, [true, false, false, true])
  assert.deepEqual([...search.present('evaluate(req.query); target()')], [0, 1, 1, 0])
  assert.deepEqual([...search.present('x = eval(s) + get\n')], [1, 1, 0, 1])
  assert.deepEqual([...search.present('')], [0, 0, 0, 0])
  // A string's text may start right after an escape: `\nget` holds the word get.
  assert.deepEqual([...search.present('s = "\\nget"')], [0, 0, 0, 1])
})

test('finds exactly what a search for each literal alone finds, on random text', () => {
  let seed = 42
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n)
  const alphabet = 'abcAB_.( é'
  const word = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('')
  for (let round = 0; round < 50; round++) {
    const literals = Array.from({ length: 1 + random(12) }, () => word(1 + random(4)))
    const words = literals.map(() => random(2) === 1)
    const text = word(random(400))
    const search = new LiteralSearch(literals, false, words)
    const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c)
    const expected = literals.map((l, i) => {
      for (let at = text.indexOf(l); at !== -1; at = text.indexOf(l, at + 1)) {
        if (!words[i] || !(isWordChar(text[at - 1]) || isWordChar(text[at + l.length]))) return 1
      }
      return 0
    })
    assert.deepEqual([...search.present(text)], expected, `literals ${JSON.stringify(literals)} in ${JSON.stringify(text)}`)
    const folded = new LiteralSearch(literals, true)
    const found = new Set<number>()
    folded.scan(text, (literal) => found.add(literal))
    literals.forEach((l, i) => assert.equal(found.has(i), text.toLowerCase().includes(l.toLowerCase()), `${l} (ignoring case) in ${JSON.stringify(text)}`))
  }
})
