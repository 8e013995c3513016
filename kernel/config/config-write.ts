// Changing .guard.yaml from the API: deep-merge a partial config into the file, keep its comments, write atomically.
import fs from 'node:fs'
import path from 'node:path'
import YAML, { isCollection, isMap, isNode } from 'yaml'
import { configErrors, isPlainObject, type GuardConfig } from './config.ts'
import { BadRequestError, ValidationError } from '../base/errors.ts'
import { writeFileAtomic } from '../base/files.ts'

export const MASK = '***'
const SECRET_KEY = /token|secret|password|private_key|api_key|license_key/i


/** The config as it may be shown: every string under a secret-looking key (jwt_secret, license_key, *token*…) is `***`. */
export function maskSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(maskSecrets) as T
  if (!isPlainObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && typeof v === 'string' && v !== '' ? MASK : maskSecrets(v)]),
  ) as T
}

/** A partial config without the `***` placeholders a client echoed back from GET: those keep their stored value. */
export function withoutMasks(partial: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(partial)) {
    if (v === MASK && SECRET_KEY.test(k)) continue
    out[k] = isPlainObject(v) ? withoutMasks(v) : v
  }
  return out
}


/** JSON merge patch (RFC 7396): objects merge key by key, `null` removes a key, anything else replaces. */
export function mergePatch<T>(base: T, patch: unknown): T {
  if (!isPlainObject(patch)) return patch as T
  const out: Record<string, unknown> = isPlainObject(base) ? { ...base } : {}
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k]
    else out[k] = mergePatch(out[k], v)
  }
  return out as T
}

/** Applies `partial` to the document as mergePatch does to its data: maps merge key by key (their comments stay). */
function applyPatch(doc: YAML.Document, at: string[], partial: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(partial)) {
    const where = [...at, key]
    const old = doc.getIn(where, true)
    if (value === null) doc.deleteIn(where)
    else if (isPlainObject(value) && isMap(old)) applyPatch(doc, where, value)
    else doc.setIn(where, replacement(doc, old, mergePatch(undefined, value)))
  }
}

/** A new node for a value that keeps the old node's comments and flow style (`[a, b] # why` stays so). */
function replacement(doc: YAML.Document, old: unknown, value: unknown): unknown {
  if (!isNode(old)) return value
  const node = doc.createNode(value)
  node.comment = old.comment
  node.commentBefore = old.commentBefore
  if (isCollection(old) && isCollection(node)) node.flow = old.flow
  return node
}

/**
 * Merges `partial` into the YAML config file as a merge patch (a `null` removes its key) and writes it atomically,
 * keeping comments and layout. Validates the merged config first (422 with every key path; the file is untouched
 * on error). Returns it.
 */
export function updateConfigFile(file: string, partial: Record<string, unknown>): GuardConfig {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  const doc = YAML.parseDocument(text)
  if (doc.errors.length) throw new BadRequestError(`${path.basename(file)} is not readable YAML: ${doc.errors[0].message.split('\n')[0]}`)
  const merged = mergePatch((doc.toJS() ?? {}) as GuardConfig, partial)
  const errors = configErrors(merged)
  if (errors.length) throw new ValidationError(`The new configuration has ${errors.length} problem(s)`, errors)
  applyPatch(doc, [], partial)
  writeFileAtomic(file, String(doc))
  return merged
}
