// TypeScript (.ts, no JSX) fixture for js.innerhtml-xss: the rule must also run in the .ts grammar.
export function greet(el: HTMLElement, name: string): void {
  // ruleid: js.innerhtml-xss
  el.innerHTML = '<b>' + name + '</b>'
  // ruleid: js.innerhtml-xss
  el.insertAdjacentHTML('beforeend', `<li>${(window.location.hash as string).slice(1)}</li>`)
  // ok: js.innerhtml-xss
  el.innerHTML = '<b>' + escapeHtml(name) + '</b>'
  // ok: js.innerhtml-xss
  el.textContent = name
}
