// Fixture for js.ldap-injection.
const ldap = require('ldapjs')
const client = ldap.createClient({ url: 'ldap://directory' })

function lookup(username, req) {
  // ruleid: js.ldap-injection
  client.search('ou=people,dc=example,dc=com', { filter: '(uid=' + username + ')', scope: 'sub' }, cb)
  // ruleid: js.ldap-injection
  client.search(base, { scope: 'sub', filter: `(&(objectClass=person)(mail=${req.body.mail}))` }, cb)
  // ruleid: js.ldap-injection
  client.search(base, '(cn=' + req.query.name + ')', cb)
}

function safe(username) {
  // ok: js.ldap-injection
  client.search(base, { filter: '(objectClass=person)', scope: 'sub' }, cb)
  // ok: js.ldap-injection
  client.search(base, { filter: new ldap.EqualityFilter({ attribute: 'uid', value: username }) }, cb)
  // ok: js.ldap-injection
  client.search(base, { filter: `(uid=${escapeLdap(username)})` }, cb)
  // ok: js.ldap-injection
  client.search(base, { filter: '(uid=' + escapeLdap(username) + ')' }, cb)
  // ok: js.ldap-injection
  const hits = index.search('(uid=' + username + ')')
}
