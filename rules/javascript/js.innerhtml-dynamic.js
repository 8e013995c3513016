// Fixture for js.innerhtml-dynamic: a variable or call result written as HTML (content unknown here).
function highlight(env) {
  // ruleid: js.innerhtml-dynamic
  env.element.innerHTML = env.highlightedCode
  // ruleid: js.innerhtml-dynamic
  wrapper.innerHTML = renderMarkdown(source)
  // ruleid: js.innerhtml-dynamic
  el.insertAdjacentHTML('afterbegin', html)
  // ruleid: js.innerhtml-dynamic
  document.write(snippet)

  // ok: js.innerhtml-dynamic
  el.innerHTML = ''
  // ok: js.innerhtml-dynamic
  el.innerHTML = '<svg>' + '<path d="M0 0"/>' + '</svg>'
  // ok: js.innerhtml-dynamic
  el.innerHTML = DOMPurify.sanitize(env.highlightedCode)
  // ok: js.innerhtml-dynamic
  el.textContent = env.code
}
// Reported once, by js.innerhtml-xss:
// ok: js.innerhtml-dynamic
el.innerHTML = '<p>' + comment.body + '</p>'
// ok: js.innerhtml-dynamic
el.innerHTML = location.hash

// React without JSX: the same prop in createElement's props.
// ruleid: js.innerhtml-dynamic
React.createElement('div', { dangerouslySetInnerHTML: { __html: post.body } })
// ok: js.innerhtml-dynamic
const payload = { __html: post.body }
