<?php
// Fixture for php.sql-injection.

function find(mysqli $db, PDO $pdo): array
{
    $id = $_GET['id'];
    // ruleid: php.sql-injection
    $r = mysqli_query($db, "SELECT * FROM users WHERE id = " . $id);
    // ruleid: php.sql-injection
    $rows = $pdo->query("SELECT * FROM users WHERE name = '$_POST[name]'");
    // ruleid: php.sql-injection
    $db->query("DELETE FROM sessions WHERE token = '{$_COOKIE['token']}'");
    // ruleid: php.sql-injection
    $stmt = $pdo->prepare('UPDATE users SET name = ' . $_POST['name'] . ' WHERE id = ?');
    $sql = "SELECT * FROM orders WHERE status = '" . $_REQUEST['status'] . "'";
    // ruleid: php.sql-injection
    $orders = $db->query($sql);
    return [$r, $rows, $stmt, $orders];
}

class UserController
{
    public function search(Request $request)
    {
        // ruleid: php.sql-injection
        $users = DB::select("select * from users where email = '" . $request->input('email') . "'");
        // ruleid: php.sql-injection
        return User::query()->orderByRaw($request->input('sort'))->get();
    }

    public function safe(Request $request)
    {
        // ok: php.sql-injection
        $users = DB::select('select * from users where email = ?', [$request->input('email')]);
        // ok: php.sql-injection
        return User::query()->whereRaw('lower(email) = ?', [$request->input('email')])->get();
    }
}

function safe(PDO $pdo, mysqli $db): array
{
    // ok: php.sql-injection
    $stmt = $pdo->prepare('SELECT * FROM users WHERE id = ?');
    // ok: php.sql-injection
    $stmt->execute([$_GET['id']]);
    // ok: php.sql-injection
    $count = $pdo->query("SELECT count(*) FROM users");
    // ok: php.sql-injection
    $one = $pdo->query("SELECT * FROM users WHERE id = " . intval($_GET['id']));
    // ok: php.sql-injection
    $two = $pdo->query("SELECT * FROM users WHERE id = " . (int) $_GET['id']);
    // ok: php.sql-injection
    $three = $pdo->query('SELECT * FROM users WHERE name = ' . $pdo->quote($_POST['name']));
    $name = $db->real_escape_string($_POST['name']);
    // ok: php.sql-injection
    $four = $db->query("SELECT * FROM users WHERE name = '$name'");
    // ok: php.sql-injection
    $hits = $search->query('title:' . $_GET['q']);
    // ok: php.sql-injection
    $doc = 'never $pdo->query("SELECT " . $_GET["id"])';
    return [$stmt, $count, $one, $two, $three, $four, $hits, $doc];
}
