<?php
// Fixture for php.sql-dynamic.

class UserRepository
{
    public function byName(string $name): array
    {
        // ruleid: php.sql-dynamic
        return $this->pdo->query("SELECT * FROM users WHERE name = '$name'")->fetchAll();
    }

    public function byEmail(mysqli $db, string $email)
    {
        // ruleid: php.sql-dynamic
        return mysqli_query($db, "SELECT * FROM users WHERE email = '" . $email . "'");
    }

    public function byGroup(array $filter)
    {
        // ruleid: php.sql-dynamic
        return DB::select("select * from users where grp = '{$filter['group']}'");
    }

    public function safe(int $id, string $name, array $ids)
    {
        // ok: php.sql-dynamic
        $this->db->query("DELETE FROM " . $this->db->table_name('session') . " WHERE sess_id = ?", [$id]);
        // ok: php.sql-dynamic
        $rows = $this->pdo->query('SELECT * FROM users WHERE name = ' . $this->pdo->quote($name));
        // ok: php.sql-dynamic
        $stmt = $this->pdo->prepare('SELECT * FROM users WHERE id IN (' . implode(',', array_fill(0, count($ids), '?')) . ')');
        $n = (int) $name;
        // ok: php.sql-dynamic
        $rows = $this->pdo->query("SELECT * FROM users LIMIT $n");
        // ok: php.sql-dynamic
        $rows = $this->pdo->query("SELECT * FROM {$this->table} WHERE active = 1");
        // ok: php.sql-dynamic
        $rows = $this->pdo->query("SELECT * FROM users WHERE name = '{$_GET['name']}'");
        return $rows;
    }
}
