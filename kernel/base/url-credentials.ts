// Userinfo in a URL is a credential (an https token, a password): it is cut before the URL is shown, logged or kept.

/**
 * `url` with its `user[:password]@` replaced by `***@`, as the URL parser reads it (it drops tabs and newlines and
 * takes `\` for `/`), and in any case everything before an `@` ahead of the path (an scp-like `user:token@host:path`).
 */
export function withoutCredentials(url: string): string {
  let text = url
  try {
    const parsed = new URL(url)
    if (parsed.username || parsed.password) [parsed.username, parsed.password] = ['***', '']
    text = parsed.href
  } catch {
    // not a URL the parser takes: cut as written
  }
  return text.replace(/^([a-z][a-z0-9+.-]*:[\\/]+)?[^/?#]*@/i, '$1***@')
}
