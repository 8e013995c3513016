// Fixture for js.innerhtml-xss: data from the URL/message/request, or markup concatenated around an unescaped value.
function render(comment) {
  const el = document.getElementById('comments')
  // ruleid: js.innerhtml-xss
  el.innerHTML = '<p>' + comment.body + '</p>'
  // ruleid: js.innerhtml-xss
  el.innerHTML += `<li>${comment.author}</li>`
  // ruleid: js.innerhtml-xss
  document.write(location.hash.slice(1))
  // ruleid: js.innerhtml-xss
  el.insertAdjacentHTML('beforeend', '<a href="' + link + '">' + escapeHtml(title) + '</a>')

  // ok: js.innerhtml-xss
  el.textContent = comment.body
  // ok: js.innerhtml-xss
  el.innerHTML = '<p class="empty">No comments</p>'
  // ok: js.innerhtml-xss
  el.innerHTML = DOMPurify.sanitize(comment.html)
  // ok: js.innerhtml-xss
  el.innerHTML = '<p>' + escapeHtml(comment.body) + '</p><small>' + he.encode(comment.author) + '</small>'
  // ok: js.innerhtml-xss
  el.innerHTML = `<span>${comments.length}</span> comments`
  // ok: js.innerhtml-xss
  el.insertAdjacentHTML('beforeend', comment.html)
  // ok: js.innerhtml-xss
  const html = el.innerHTML
  // ok: js.innerhtml-xss
  // el.innerHTML = '<p>' + comment.body + '</p>'
  // ok: js.innerhtml-xss
  const lint = "never write el.innerHTML = '<p>' + comment.body"
}

// One local variable between the URL and the sink; a cross-window message.
function showSearch() {
  const q = new URLSearchParams(location.search).get('q')
  // ruleid: js.innerhtml-xss
  results.innerHTML = q
  // ok: js.innerhtml-xss
  results.innerHTML = unrelated
}
window.addEventListener('message', (event) => {
  // ruleid: js.innerhtml-xss
  preview.innerHTML = event.data.html
})
// ruleid: js.innerhtml-xss
banner.outerHTML = decodeURIComponent(document.referrer)

// Found in prismjs (noise review): markup concatenated from literals only.
// ok: js.innerhtml-xss
el.innerHTML = '<svg viewBox="0 0 64 64">' + '<circle r="16" cy="32" cx="32"></circle>' + '</svg>'
// ruleid: js.innerhtml-xss
el.innerHTML = '<svg viewBox="0 0 64 64">' + label + '</svg>'
