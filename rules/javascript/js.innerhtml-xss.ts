// TypeScript (.ts, no JSX) fixture for js.innerhtml-xss: the rule also runs in the .ts grammar.
export function greet(el: HTMLElement): void {
  const name: string = (window.location.hash as string).slice(1)
  // ruleid: js.innerhtml-xss (flow: assignments)
  el.innerHTML = '<b>' + name + '</b>'
  // ruleid: js.innerhtml-xss (flow: direct)
  el.insertAdjacentHTML('beforeend', `<li>${(window.location.hash as string).slice(1)}</li>`)
  // ok: js.innerhtml-xss (flow: sanitized)
  el.innerHTML = '<b>' + escapeHtml(name) + '</b>'
  // ok: js.innerhtml-xss
  el.textContent = name
}

window.addEventListener('message', (event: MessageEvent<{ html: string }>): void => {
  const { html } = event.data
  // ruleid: js.innerhtml-xss (flow: assignments)
  document.getElementById('preview')!.innerHTML = html
})

export function label(el: HTMLElement, text: string): void {
  // ok: js.innerhtml-xss
  el.innerHTML = `Hello ${text as string}`
}
