// Fixture for js.ldap-injection: request data reaching an LDAP filter or DN, by every flow the analysis follows.
const ldap = require('ldapjs')
const ldapEscape = require('ldap-escape')
const util = require('util')

const client = ldap.createClient({ url: 'ldap://directory' })
const base = 'ou=people,dc=example,dc=com'
const GROUPS = { staff: '(memberOf=cn=staff,ou=groups,dc=example,dc=com)', admins: '(memberOf=cn=admins,ou=groups,dc=example,dc=com)' }

app.post('/direct', (req, res) => {
  // ruleid: js.ldap-injection (flow: direct)
  client.search(base, { filter: '(uid=' + req.body.username + ')', scope: 'sub' }, cb)
  // ruleid: js.ldap-injection (flow: direct)
  client.search(base, `(&(objectClass=person)(mail=${req.body.mail}))`, cb)
  // ruleid: js.ldap-injection (flow: direct)
  client.bind('uid=' + req.body.username + ',' + base, req.body.password, cb)
  // ok: js.ldap-injection (flow: direct)
  client.search(base, { filter: '(objectClass=person)', scope: 'sub', sizeLimit: Number(req.query.limit) }, cb)
  // ok: js.ldap-injection (flow: direct)
  client.search(base, { filter: new ldap.EqualityFilter({ attribute: 'uid', value: req.body.username }) }, cb)
  // ok: js.ldap-injection (flow: direct)
  const hits = index.search(req.query.q)
})

app.post('/assignments', (req, res) => {
  const name = req.body.name
  const who = name
  const filter = '(cn=' + who + ')'
  // ruleid: js.ldap-injection (flow: assignments)
  client.search(base, { filter, scope: 'sub' }, cb)
  const { group } = req.query
  // ruleid: js.ldap-injection (flow: assignments)
  client.search(base, '(memberOf=' + group + ')', cb)
})

app.post('/building', (req, res) => {
  const mail = req.body.mail
  // ruleid: js.ldap-injection (flow: string-building)
  client.search(base, { filter: util.format('(mail=%s)', mail) }, cb)
  // ruleid: js.ldap-injection (flow: string-building)
  client.search(base, { filter: ['(&(objectClass=person)(mail=', mail, '))'].join('') }, cb)
  let f = '(|'
  f += '(mail=' + mail + ')'
  f += ')'
  // ruleid: js.ldap-injection (flow: string-building)
  client.search(base, { filter: f }, cb)
})

app.post('/container', (req, res) => {
  const opts = { scope: 'sub', attrs: ['cn'], uid: req.body.uid }
  // ok: js.ldap-injection (flow: container)
  client.search(base, { filter: '(objectClass=person)', scope: opts.scope }, cb)
  // ruleid: js.ldap-injection (flow: container)
  client.search(base, { filter: '(uid=' + opts.uid + ')' }, cb)
  const terms = []
  terms.push('(sn=' + req.body.sn + ')')
  // ruleid: js.ldap-injection (flow: container)
  client.search(base, { filter: '(&' + terms.join('') + ')' }, cb)
})

function uidFilter(uid) {
  return '(uid=' + uid + ')'
}

function searchPeople(filter) {
  // ruleid: js.ldap-injection (flow: helper-function)
  client.search(base, { filter: filter }, cb)
}

app.get('/helper', (req, res) => {
  // ruleid: js.ldap-injection (flow: helper-function)
  client.search(base, { filter: uidFilter(req.query.uid) }, cb)
  searchPeople('(cn=' + req.query.cn + ')')
  // ok: js.ldap-injection (flow: helper-function)
  client.search(base, { filter: uidFilter('admin') }, cb)
})

class Authenticator {
  constructor(req) {
    this.user = req.body.user
    this.objectClass = 'inetOrgPerson'
  }

  find() {
    // ruleid: js.ldap-injection (flow: class-field)
    client.search(base, { filter: '(uid=' + this.user + ')' }, cb)
    // ok: js.ldap-injection (flow: class-field)
    client.search(base, { filter: '(objectClass=' + this.objectClass + ')' }, cb)
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.ldap-injection (flow: sanitized)
  client.search(base, { filter: ldapEscape.filter`(uid=${req.query.uid})` }, cb)
  // ok: js.ldap-injection (flow: sanitized)
  client.search(base, { filter: '(uid=' + escapeLdap(req.query.uid) + ')' }, cb)
  // ok: js.ldap-injection (flow: sanitized)
  client.search(base, { filter: GROUPS[req.query.group] }, cb)
  const id = parseInt(req.query.id, 10)
  // ok: js.ldap-injection (flow: number-conversion)
  client.search(base, { filter: '(uidNumber=' + id + ')' }, cb)
})

app.get('/constant', (req, res) => {
  let uid = req.query.uid
  uid = 'guest'
  // ok: js.ldap-injection (flow: constant-overwrite)
  client.search(base, { filter: '(uid=' + uid + ')' }, cb)
  let cls = 'person'
  if (false) {
    cls = req.query.cls
  }
  // ok: js.ldap-injection (flow: dead-branch)
  client.search(base, { filter: '(objectClass=' + cls + ')' }, cb)
})

function notARoute(username) {
  // ok: js.ldap-injection
  client.search(base, { filter: '(uid=' + username + ')' }, cb)
}
