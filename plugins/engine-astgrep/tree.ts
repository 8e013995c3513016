// The syntax tree as the taint analysis walks it: ast-grep's nodes with what was asked of them kept. Each question
// to an ast-grep node (its kind, children, a field, its text) is a call into native code that builds new objects;
// the analysis asks the same ones again and again (every rule, every round, every summary of a function).
import type { SgNode } from '@ast-grep/napi'

type Range = ReturnType<SgNode['range']>

export class Node {
  private kindCache?: string
  private textCache?: string
  private rangeCache?: Range
  private namedCache?: Node[]
  private childrenCache?: Node[]
  private parentCache?: Node | null
  private namedFlag?: boolean
  private fieldCache?: Map<string, Node | null>

  constructor(
    /** The ast-grep node, for matching. */
    readonly sg: SgNode,
    private readonly tree: Tree,
    private readonly nodeId: number,
  ) {}

  id(): number {
    return this.nodeId
  }

  kind(): string {
    return (this.kindCache ??= this.sg.kind() as string)
  }

  text(): string {
    return (this.textCache ??= this.sg.text())
  }

  range(): Range {
    return (this.rangeCache ??= this.sg.range())
  }

  isNamed(): boolean {
    return (this.namedFlag ??= this.sg.isNamed())
  }

  namedChildren(): Node[] {
    return (this.namedCache ??= this.sg.namedChildren().map((c) => this.tree.node(c)))
  }

  children(): Node[] {
    return (this.childrenCache ??= this.sg.children().map((c) => this.tree.node(c)))
  }

  /** A field's node, or null (also for a field name the grammar does not have). */
  field(name: string): Node | null {
    this.fieldCache ??= new Map()
    let child = this.fieldCache.get(name)
    if (child === undefined) {
      let found: SgNode | null = null
      try {
        found = this.sg.field(name as never) as SgNode | null
      } catch {
        found = null
      }
      this.fieldCache.set(name, (child = found ? this.tree.node(found) : null))
    }
    return child
  }

  fieldChildren(name: string): Node[] {
    try {
      return (this.sg.fieldChildren(name as never) as SgNode[]).map((c) => this.tree.node(c))
    } catch {
      return []
    }
  }

  parent(): Node | null {
    if (this.parentCache === undefined) {
      const p = this.sg.parent()
      this.parentCache = p ? this.tree.node(p) : null
    }
    return this.parentCache
  }

  ancestors(): Node[] {
    const out: Node[] = []
    for (let p = this.parent(); p; p = p.parent()) out.push(p)
    return out
  }

  next(): Node | null {
    const n = this.sg.next()
    return n ? this.tree.node(n) : null
  }
}

/** The nodes of one file, one object per syntax node. */
export class Tree {
  private readonly nodes = new Map<number, Node>()

  node(sg: SgNode): Node {
    const id = sg.id()
    let n = this.nodes.get(id)
    if (!n) this.nodes.set(id, (n = new Node(sg, this, id)))
    return n
  }
}
