// Fixture for js.innerhtml-xss.
function render(comment) {
  const el = document.getElementById('comments')
  // ruleid: js.innerhtml-xss
  el.innerHTML = '<p>' + comment.body + '</p>'
  // ruleid: js.innerhtml-xss
  el.innerHTML += `<li>${comment.author}</li>`
  // ruleid: js.innerhtml-xss
  el.insertAdjacentHTML('beforeend', comment.html)
  // ruleid: js.innerhtml-xss
  document.write(location.hash.slice(1))

  // ok: js.innerhtml-xss
  el.textContent = comment.body
  // ok: js.innerhtml-xss
  el.innerHTML = '<p class="empty">No comments</p>'
  // ok: js.innerhtml-xss
  el.innerHTML = DOMPurify.sanitize(comment.html)
  // ok: js.innerhtml-xss
  const html = el.innerHTML
  // ok: js.innerhtml-xss
  // el.innerHTML = '<p>' + comment.body + '</p>'
  // ok: js.innerhtml-xss
  const lint = "never write el.innerHTML = '<p>' + comment.body"
}
// Found in prismjs (noise review): markup concatenated from literals only.
// ok: js.innerhtml-xss
el.innerHTML = '<svg viewBox="0 0 64 64">' + '<circle r="16" cy="32" cx="32"></circle>' + '</svg>'
// ruleid: js.innerhtml-xss
el.innerHTML = '<svg viewBox="0 0 64 64">' + label + '</svg>'
