// Which module a source file runs as. Through tsx it is the file itself; when the `guard` command starts from its
// bundle (bin/guard.mjs, kernel/base/bundle.ts), the kernel's imports of plugins and engines by path must reach the
// bundle's outputs, or they would load second copies of the kernel beside the bundled one.
let outputs: Map<string, string> | undefined

/** Called once by bin/guard.mjs with the bundle's outputs: source file URL → output file URL. */
export function useBundle(map: Record<string, string>): void {
  outputs = new Map(Object.entries(map))
}

/** The URL to import for a source file's URL. */
export function runtimeModule(url: string): string {
  return outputs?.get(url) ?? url
}

/** Whether this process runs from the bundle (then TypeScript from elsewhere, a disk plugin's, needs tsx loaded). */
export function bundled(): boolean {
  return outputs !== undefined
}
