<?php
// Fixture for php.ldap-injection.

function findUser($conn, string $base, string $username): array
{
    // ruleid: php.ldap-injection
    $sr = ldap_search($conn, $base, "(uid=" . $_POST['user'] . ")");
    // ruleid: php.ldap-injection
    $sr = ldap_search($conn, $base, "(&(objectClass=person)(mail=$username))");
    $filter = '(|(cn=' . $username . ')(sAMAccountName=' . $username . '))';
    // ruleid: php.ldap-injection
    $sr = ldap_list($conn, $base, $filter);
    // ok: php.ldap-injection
    $sr = ldap_search($conn, $base, '(uid=' . ldap_escape($username, '', LDAP_ESCAPE_FILTER) . ')');
    // ok: php.ldap-injection
    $sr = ldap_search($conn, $base, '(objectClass=inetOrgPerson)', ['cn', 'mail']);
    $safe = sprintf('(uid=%s)', ldap_escape($username, '', LDAP_ESCAPE_FILTER));
    // ok: php.ldap-injection
    $sr = ldap_read($conn, $base, $safe);
    return ldap_get_entries($conn, $sr);
}

class LdapController
{
    public function lookup(Request $request)
    {
        $name = $request->input('name');
        // ruleid: php.ldap-injection
        $sr = ldap_search($this->conn, $this->baseDn, sprintf('(cn=%s)', $name));
        // ok: php.ldap-injection
        $sr = ldap_search($this->conn, $this->baseDn, sprintf('(cn=%s)', ldap_escape($request->input('name'), '', LDAP_ESCAPE_FILTER)));
    }
}
