// TypeScript (.ts, no JSX) fixture for js.innerhtml-dynamic.
export class Preview {
  constructor(private readonly host: HTMLElement) {}
  show(rendered: string): void {
    // ruleid: js.innerhtml-dynamic
    this.host.innerHTML = rendered
    // ok: js.innerhtml-dynamic
    this.host.innerHTML = DOMPurify.sanitize(rendered)
    // ok: js.innerhtml-dynamic
    this.host.innerText = rendered
  }
}
