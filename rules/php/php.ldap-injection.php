<?php
// Fixture for php.ldap-injection: request data reaching an LDAP filter, by every flow the analysis follows.

function direct($conn, string $base): void
{
    // ruleid: php.ldap-injection (flow: direct)
    $sr = ldap_search($conn, $base, "(uid=" . $_POST['user'] . ")");
    // ruleid: php.ldap-injection (flow: direct)
    $sr = ldap_read($conn, "uid={$_GET['uid']},ou=people,dc=example,dc=com", '(objectClass=*)');
    // ok: php.ldap-injection (flow: direct)
    $sr = ldap_search($conn, $base, '(objectClass=inetOrgPerson)', ['cn', 'mail']);
    // ok: php.ldap-injection (flow: direct)
    $sr = ldap_search($conn, $base, '(objectClass=person)', [$_GET['attr']]);
}

function assignments($conn, string $base): void
{
    $user = $_POST['user'];
    $login = $user;
    $filter = '(|(cn=' . $login . ')(sAMAccountName=' . $login . '))';
    // ruleid: php.ldap-injection (flow: assignments)
    $sr = ldap_list($conn, $base, $filter);
    // ok: php.ldap-injection (flow: assignments)
    $ok = ldap_bind($conn, 'cn=reader,dc=example,dc=com', $login);
}

function building($conn, string $base): void
{
    $mail = filter_input(INPUT_POST, 'mail');
    // ruleid: php.ldap-injection (flow: string-building)
    $sr = ldap_search($conn, $base, "(&(objectClass=person)(mail=$mail))");
    // ruleid: php.ldap-injection (flow: string-building)
    $sr = ldap_search($conn, $base, sprintf('(cn=%s)', $mail));
    $f = '(&(objectClass=person)';
    $f .= '(department=' . $_GET['dept'] . ')';
    $f .= ')';
    // ruleid: php.ldap-injection (flow: string-building)
    $sr = ldap_search($conn, $base, $f);
}

function container($conn, string $base): void
{
    $filters = ['all' => '(objectClass=*)', 'mine' => '(owner=' . $_GET['owner'] . ')'];
    // ok: php.ldap-injection (flow: container)
    $sr = ldap_search($conn, $base, $filters['all']);
    // ruleid: php.ldap-injection (flow: container)
    $sr = ldap_search($conn, $base, $filters['mine']);
    $clauses = [];
    $clauses[] = '(cn=' . $_GET['cn'] . ')';
    // ruleid: php.ldap-injection (flow: container)
    $sr = ldap_search($conn, $base, '(&' . implode('', $clauses) . ')');
}

function uid_filter($uid)
{
    return '(uid=' . $uid . ')';
}

function search_people($conn, $filter)
{
    // ruleid: php.ldap-injection (flow: helper-function)
    return ldap_search($conn, 'ou=people,dc=example,dc=com', $filter);
}

function helpers($conn, string $base): void
{
    // ruleid: php.ldap-injection (flow: helper-function)
    $sr = ldap_search($conn, $base, uid_filter($_GET['uid']));
    search_people($conn, '(mail=' . $_POST['mail'] . ')');
    // ok: php.ldap-injection (flow: helper-function)
    $sr = ldap_search($conn, $base, uid_filter('admin'));
}

class Directory
{
    private $group;
    private $ou;

    public function __construct(private $conn)
    {
        $this->group = $_GET['group'];
        $this->ou = 'ou=groups,dc=example,dc=com';
    }

    public function members()
    {
        // ruleid: php.ldap-injection (flow: class-field)
        return ldap_search($this->conn, $this->ou, "(memberOf=cn={$this->group})");
    }

    public function all()
    {
        // ok: php.ldap-injection (flow: class-field)
        return ldap_list($this->conn, $this->ou, '(objectClass=groupOfNames)');
    }
}

function safe($conn, string $base): void
{
    // ok: php.ldap-injection (flow: sanitized)
    $sr = ldap_search($conn, $base, '(uid=' . ldap_escape($_POST['user'], '', LDAP_ESCAPE_FILTER) . ')');
    $safe = sprintf('(uid=%s)', ldap_escape($_GET['user'], '', LDAP_ESCAPE_FILTER));
    // ok: php.ldap-injection (flow: sanitized)
    $sr = ldap_read($conn, $base, $safe);
    $id = (int) $_GET['id'];
    // ok: php.ldap-injection (flow: number-conversion)
    $sr = ldap_search($conn, $base, "(employeeNumber=$id)");
    $who = $_GET['who'];
    $who = 'admin';
    // ok: php.ldap-injection (flow: constant-overwrite)
    $sr = ldap_search($conn, $base, "(uid=$who)");
    $q = $_GET['q'];
    if (false) {
        $q = $_GET['raw'];
    } else {
        $q = '*';
    }
    // ok: php.ldap-injection (flow: dead-branch)
    $sr = ldap_search($conn, $base, "(cn=$q)");
}

class LdapController
{
    public function lookup(Request $request)
    {
        $name = $request->input('name');
        // ruleid: php.ldap-injection (flow: assignments)
        $sr = ldap_search($this->conn, $this->baseDn, sprintf('(cn=%s)', $name));
        // ok: php.ldap-injection (flow: sanitized)
        $sr = ldap_search($this->conn, $this->baseDn, sprintf('(cn=%s)', ldap_escape($request->input('name'), '', LDAP_ESCAPE_FILTER)));
        // ruleid: php.ldap-injection (flow: direct)
        $people = $this->ldap->query('ou=people,dc=example,dc=com', '(mail=' . $request->query->get('mail') . ')');
        // ok: php.ldap-injection (flow: sanitized)
        $people = $this->ldap->query('ou=people,dc=example,dc=com', '(mail=' . $this->ldap->escape($request->query->get('mail'), '', 1) . ')');
    }
}
