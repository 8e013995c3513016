// Fixture for js.innerhtml-xss: URL, message and request data written as HTML, by every flow the analysis follows.
const DOMPurify = require('dompurify')
const escapeHtml = require('escape-html')

function direct(el) {
  // ruleid: js.innerhtml-xss (flow: direct)
  document.write(location.hash.slice(1))
  // ruleid: js.innerhtml-xss (flow: direct)
  el.innerHTML = '<p>' + decodeURIComponent(window.location.search) + '</p>'
  // ruleid: js.innerhtml-xss (flow: direct)
  el.insertAdjacentHTML('beforeend', '<a href="' + document.referrer + '">back</a>')
  // ruleid: js.innerhtml-xss (flow: direct)
  $('#greeting').html('Hello ' + window.name)
  // ok: js.innerhtml-xss (flow: direct)
  el.textContent = location.hash.slice(1)
  // ok: js.innerhtml-xss (flow: direct)
  el.innerHTML = '<p class="empty">No comments</p>'
  // ok: js.innerhtml-xss (flow: direct)
  const html = el.innerHTML
  // ok: js.innerhtml-xss (flow: direct)
  el.setAttribute('data-hash', location.hash)
}

function assignments(results) {
  const params = new URLSearchParams(location.search)
  const q = params.get('q')
  const shown = q
  // ruleid: js.innerhtml-xss (flow: assignments)
  results.innerHTML = shown
  // ok: js.innerhtml-xss (flow: assignments)
  results.innerHTML = unrelated
}

function building(list) {
  const name = location.hash.substring(1)
  // ruleid: js.innerhtml-xss (flow: string-building)
  list.innerHTML += `<li>${name}</li>`
  // ruleid: js.innerhtml-xss (flow: string-building)
  list.innerHTML = ['<b>', name, '</b>'].join('')
  let html = '<div>'
  html += name
  // ruleid: js.innerhtml-xss (flow: string-building)
  list.outerHTML = html + '</div>'
  // ruleid: js.innerhtml-xss (flow: string-building)
  list.innerHTML = '<i>'.concat(name, '</i>')
}

function container(panel) {
  const state = { title: 'Inbox', filter: location.hash.slice(1) }
  // ok: js.innerhtml-xss (flow: container)
  panel.innerHTML = '<h2>' + state.title + '</h2>'
  // ruleid: js.innerhtml-xss (flow: container)
  panel.innerHTML = '<h2>' + state.filter + '</h2>'
  const rows = []
  rows.push('<li>' + document.cookie + '</li>')
  // ruleid: js.innerhtml-xss (flow: container)
  panel.innerHTML = rows.join('')
}

function badge(text) {
  return '<span class="badge">' + text + '</span>'
}

function render(target, markup) {
  // ruleid: js.innerhtml-xss (flow: helper-function)
  target.innerHTML = markup
}

function helper(el) {
  // ruleid: js.innerhtml-xss (flow: helper-function)
  el.innerHTML = badge(location.hash.slice(1))
  render(el, document.URL)
  // ok: js.innerhtml-xss (flow: helper-function)
  el.innerHTML = badge('new')
}

class Banner {
  constructor() {
    this.message = new URLSearchParams(location.search).get('msg')
    this.fallback = 'Welcome'
  }

  show(el) {
    // ruleid: js.innerhtml-xss (flow: class-field)
    el.innerHTML = '<p>' + this.message + '</p>'
    // ok: js.innerhtml-xss (flow: class-field)
    el.innerHTML = '<p>' + this.fallback + '</p>'
  }
}

function sanitized(el) {
  const q = new URLSearchParams(location.search).get('q')
  // ok: js.innerhtml-xss (flow: sanitized)
  el.innerHTML = DOMPurify.sanitize(q)
  // ok: js.innerhtml-xss (flow: sanitized)
  el.innerHTML = '<p>' + escapeHtml(q) + '</p>'
  const page = parseInt(q, 10)
  // ok: js.innerhtml-xss (flow: number-conversion)
  el.innerHTML = '<span>' + page + '</span>'
  // ok: js.innerhtml-xss (flow: number-conversion)
  el.innerHTML = `<span>${q.length}</span> characters`
}

function constants(el) {
  let view = location.hash.slice(1)
  view = 'home'
  // ok: js.innerhtml-xss (flow: constant-overwrite)
  el.innerHTML = '<p>' + view + '</p>'
  let extra = ''
  if (false) {
    extra = document.referrer
  }
  // ok: js.innerhtml-xss (flow: dead-branch)
  el.innerHTML = '<p>' + extra + '</p>'
}

window.addEventListener('message', (event) => {
  // ruleid: js.innerhtml-xss (flow: direct)
  preview.innerHTML = event.data.html
  // ok: js.innerhtml-xss (flow: direct)
  preview.innerHTML = '<p>' + event.origin.length + '</p>'
})
// ruleid: js.innerhtml-xss (flow: direct)
banner.outerHTML = decodeURIComponent(document.referrer)

// Server-rendered fragment built from the request.
app.get('/fragment', (req, res) => {
  const frag = JSDOM.fragment('<div></div>')
  // ruleid: js.innerhtml-xss (flow: direct)
  frag.firstChild.innerHTML = req.query.html
})

// Not attacker data: computed markup is js.innerhtml-dynamic's to review.
// ok: js.innerhtml-xss
el.innerHTML = '<svg viewBox="0 0 64 64">' + '<circle r="16" cy="32" cx="32"></circle>' + '</svg>'
// ok: js.innerhtml-xss
el.insertAdjacentHTML('beforeend', comment.html)
// ok: js.innerhtml-xss
// el.innerHTML = '<p>' + location.hash + '</p>'
// ok: js.innerhtml-xss
const lint = "never write el.innerHTML = location.hash"
