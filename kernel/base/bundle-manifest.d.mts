export interface BundleManifest {
  /** The folder the bundle was written to. */
  dir: string
  /** Per entry (its path relative to the installation): the absolute path of its output. */
  outputs: Record<string, string>
  /** Every source file esbuild read (relative to the installation), with its size and modification time. */
  inputs: Record<string, [size: number, mtimeMs: number]>
  /** Folders whose entries decide the bundle's entries (relative to the installation), and their listing then. */
  folders?: string[]
  listing?: string
}
export function stamp(file: string): [number, number] | undefined
export function listing(root: string, folders: string[]): string
export function freshBundle(manifestFile: string, root: string): BundleManifest | undefined
