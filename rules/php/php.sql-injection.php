<?php
// Fixture for php.sql-injection.

function find(mysqli $db, PDO $pdo, array $request): array
{
    $id = $request['id'];
    // ruleid: php.sql-injection
    $r = mysqli_query($db, "SELECT * FROM users WHERE id = " . $id);
    // ruleid: php.sql-injection
    $rows = $pdo->query("SELECT * FROM users WHERE name = '$request[name]'");
    // ruleid: php.sql-injection
    $db->query("DELETE FROM sessions WHERE token = '{$_COOKIE['token']}'");
    // ruleid: php.sql-injection
    $stmt = $pdo->prepare('UPDATE users SET name = ' . $request['name'] . ' WHERE id = ?');
    return [$r, $rows, $stmt];
}

function safe(PDO $pdo, array $request): array
{
    // ok: php.sql-injection
    $stmt = $pdo->prepare('SELECT * FROM users WHERE id = ?');
    // ok: php.sql-injection
    $stmt->execute([$request['id']]);
    // ok: php.sql-injection
    $count = $pdo->query("SELECT count(*) FROM users");
    // ok: php.sql-injection
    $message = "Selected " . $request['id'];
    // ok: php.sql-injection
    // mysqli_query($db, "SELECT * FROM users WHERE id = " . $id);
    // ok: php.sql-injection
    $doc = 'never $pdo->query("SELECT " . $id)';
    return [$stmt, $count, $message, $doc];
}
