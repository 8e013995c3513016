<?php
// Fixture for php.sql-injection: request data reaching a SQL statement's text, by every flow the analysis follows.

function direct(mysqli $db, PDO $pdo): void
{
    // ruleid: php.sql-injection (flow: direct)
    mysqli_query($db, "SELECT * FROM users WHERE id = " . $_GET['id']);
    // ruleid: php.sql-injection (flow: direct)
    $pdo->query("SELECT * FROM users WHERE name = '$_POST[name]'");
    // ruleid: php.sql-injection (flow: direct)
    $db->query("DELETE FROM sessions WHERE token = '{$_COOKIE['token']}'");
    // ruleid: php.sql-injection (flow: direct)
    $pdo->prepare('UPDATE users SET name = ' . $_POST['name'] . ' WHERE id = ?');
    // ruleid: php.sql-injection (flow: direct)
    pg_query("SELECT * FROM logs WHERE agent = '" . $_SERVER['HTTP_USER_AGENT'] . "'");
    // ok: php.sql-injection (flow: direct)
    $pdo->query("SELECT count(*) FROM users");
    // ok: php.sql-injection (flow: direct)
    pg_query($conn, "SELECT * FROM logs WHERE host = '" . $_SERVER['SERVER_NAME'] . "'");
}

function assignments(PDO $pdo): void
{
    $status = $_REQUEST['status'];
    $wanted = $status;
    $sql = "SELECT * FROM orders WHERE status = '" . $wanted . "'";
    // ruleid: php.sql-injection (flow: assignments)
    $pdo->query($sql);
    $stmt = $pdo->prepare('SELECT * FROM orders WHERE status = ?');
    // ok: php.sql-injection (flow: assignments)
    $stmt->execute([$wanted]);
}

function building(mysqli $db): void
{
    $name = filter_input(INPUT_GET, 'name');
    $sql = "SELECT * FROM users WHERE 1 = 1";
    $sql .= " AND name = '" . $name . "'";
    // ruleid: php.sql-injection (flow: string-building)
    mysqli_query($db, $sql);
    // ruleid: php.sql-injection (flow: string-building)
    mysqli_query($db, sprintf("SELECT * FROM users WHERE name = '%s'", $name));
    $ids = implode(',', $_POST['ids']);
    // ruleid: php.sql-injection (flow: string-building)
    $db->query("SELECT * FROM items WHERE id IN ($ids)");
    $q = <<<SQL
        SELECT * FROM users WHERE email = '{$name}'
        SQL;
    // ruleid: php.sql-injection (flow: string-building)
    $db->query($q);
    // ok: php.sql-injection (flow: string-building)
    $db->query(sprintf("SELECT * FROM users WHERE id = %d", $_GET['id']));
}

function container(PDO $pdo): void
{
    $filter = ['table' => 'users', 'owner' => $_GET['owner']];
    // ok: php.sql-injection (flow: container)
    $pdo->query("SELECT * FROM " . $filter['table']);
    // ruleid: php.sql-injection (flow: container)
    $pdo->query("SELECT * FROM users WHERE owner = '" . $filter['owner'] . "'");
    $parts = [];
    $parts[] = "name = '" . $_GET['n'] . "'";
    // ruleid: php.sql-injection (flow: container)
    $pdo->query("SELECT * FROM users WHERE " . implode(' AND ', $parts));
    $terms = [];
    array_push($terms, $_GET['t']);
    // ruleid: php.sql-injection (flow: container)
    $pdo->query("SELECT * FROM docs WHERE tag = '" . $terms[0] . "'");
    $sorts = ['name' => 'name ASC', 'date' => 'created_at DESC'];
    // ok: php.sql-injection (flow: sanitized)
    $pdo->query("SELECT * FROM users ORDER BY " . $sorts[$_GET['sort']]);
}

function where_name($value)
{
    return "name = '" . $value . "'";
}

function run_where(PDO $pdo, $where)
{
    // ruleid: php.sql-injection (flow: helper-function)
    return $pdo->query("SELECT * FROM users WHERE " . $where);
}

function helpers(PDO $pdo): void
{
    // ruleid: php.sql-injection (flow: helper-function)
    $pdo->query("SELECT * FROM users WHERE " . where_name($_GET['n']));
    run_where($pdo, "id = " . $_GET['id']);
    // ok: php.sql-injection (flow: helper-function)
    $pdo->query("SELECT * FROM users WHERE " . where_name('admin'));
}

class ReportRepository
{
    private $owner;
    private $period;

    public function __construct(private PDO $db)
    {
    }

    public function load(): void
    {
        $this->owner = $_GET['owner'];
        $this->period = 'monthly';
    }

    public function run(): void
    {
        // ruleid: php.sql-injection (flow: class-field)
        $this->db->query("SELECT * FROM reports WHERE owner = '" . $this->owner . "'");
        // ok: php.sql-injection (flow: class-field)
        $this->db->query("SELECT * FROM reports WHERE period = '" . $this->period . "'");
    }
}

function sanitized(PDO $pdo, mysqli $db): void
{
    // ok: php.sql-injection (flow: sanitized)
    $pdo->query('SELECT * FROM users WHERE name = ' . $pdo->quote($_POST['name']));
    $name = $db->real_escape_string($_POST['name']);
    // ok: php.sql-injection (flow: sanitized)
    $db->query("SELECT * FROM users WHERE name = '$name'");
    $safe = mysqli_real_escape_string($db, $_GET['q']);
    // ok: php.sql-injection (flow: sanitized)
    mysqli_query($db, "SELECT * FROM posts WHERE title = '" . $safe . "'");
    // ok: php.sql-injection (flow: sanitized)
    $pdo->prepare('SELECT * FROM users WHERE id = ?')->execute([$_GET['id']]);
    // ok: php.sql-injection (flow: sanitized)
    sqlsrv_query($conn, 'SELECT * FROM users WHERE id = ?', [$_GET['id']]);
}

function numbers(PDO $pdo): void
{
    // ok: php.sql-injection (flow: number-conversion)
    $pdo->query("SELECT * FROM users WHERE id = " . intval($_GET['id']));
    // ok: php.sql-injection (flow: number-conversion)
    $pdo->query("SELECT * FROM users WHERE id = " . (int) $_GET['id']);
    $page = filter_input(INPUT_GET, 'page', FILTER_VALIDATE_INT);
    // ok: php.sql-injection (flow: number-conversion)
    $pdo->query("SELECT * FROM users LIMIT 10 OFFSET " . ($page * 10));
    $ids = implode(',', array_map('intval', $_POST['ids']));
    // ok: php.sql-injection (flow: number-conversion)
    $pdo->query("SELECT * FROM items WHERE id IN ($ids)");
}

function constants(PDO $pdo): void
{
    $order = $_GET['order'];
    $order = 'name';
    // ok: php.sql-injection (flow: constant-overwrite)
    $pdo->query("SELECT * FROM users ORDER BY " . $order);
    $table = $_GET['t'];
    if (false) {
        $table = $_GET['other'];
    } else {
        $table = 'users';
    }
    // ok: php.sql-injection (flow: dead-branch)
    $pdo->query("SELECT * FROM " . $table);
}

function branches(PDO $pdo, bool $admin): void
{
    $where = "1 = 1";
    if ($admin) {
        $where = "owner = '" . $_GET['owner'] . "'";
    }
    // ruleid: php.sql-injection (flow: assignments)
    $pdo->query("SELECT * FROM docs WHERE " . $where);
    if (isset($_GET['id'])) {
        // ruleid: php.sql-injection (flow: direct)
        $pdo->query("SELECT * FROM docs WHERE id = " . $_GET['id']);
    } elseif (isset($_GET['slug'])) {
        // ruleid: php.sql-injection (flow: direct)
        $pdo->query("SELECT * FROM docs WHERE slug = '" . $_GET['slug'] . "'");
    }
}

function guarded(PDO $pdo): void
{
    $sort = $_GET['sort'];
    if (in_array($sort, ['name', 'created_at'], true)) {
        // ok: php.sql-injection (flow: guard)
        $pdo->query("SELECT * FROM users ORDER BY $sort");
    }
    // ruleid: php.sql-injection (flow: guard)
    $pdo->query("SELECT * FROM users ORDER BY $sort");
    $columns = ['name' => 'u.name', 'email' => 'u.email'];
    $col = $_GET['col'];
    if (!array_key_exists($col, $columns)) {
        http_response_code(400);
        exit;
    }
    // ok: php.sql-injection (flow: guard)
    $pdo->query("SELECT $col FROM users");
    $table = $_GET['table'];
    if (preg_match('/^[a-z0-9_]+$/D', $table) !== 1) {
        exit('bad table');
    }
    // ok: php.sql-injection (flow: guard)
    $pdo->query("SELECT * FROM $table");
    $field = $_GET['field'];
    // Not a whole-value match of safe characters: no end anchor, any character, a range over punctuation.
    if (preg_match('/^[a-z]+/', $field)) {
        // ruleid: php.sql-injection (flow: guard)
        $pdo->query("SELECT $field FROM users");
    }
    if (preg_match('/^.+$/', $field)) {
        // ruleid: php.sql-injection (flow: guard)
        $pdo->query("SELECT $field FROM users");
    }
    if (preg_match('/^[0-z]+$/', $field)) {
        // ruleid: php.sql-injection (flow: guard)
        $pdo->query("SELECT $field FROM users");
    }
    // The list is the request's own.
    if (in_array($field, $_GET['fields'])) {
        // ruleid: php.sql-injection (flow: guard)
        $pdo->query("SELECT $field FROM users");
    }
    $q = $_GET['q'];
    if (strpos($q, "'") !== false) {
        exit;
    }
    // ruleid: php.sql-injection (flow: guard)
    $pdo->query("SELECT * FROM users WHERE name = '$q'");
    // A check of one of the request's own values leaves the others (and itself after the `if`) as they were.
    if (in_array($_GET['by'], ['name', 'email'], true)) {
        $by = $_GET['by'];
    }
    // ruleid: php.sql-injection (flow: guard)
    $pdo->query("SELECT * FROM users ORDER BY " . $_GET['by']);
    $group = $_GET['group'];
    // ruleid: php.sql-injection (flow: guard)
    $pdo->query("SELECT * FROM users GROUP BY $group");
}

class UserController
{
    public function search(Request $request)
    {
        // ruleid: php.sql-injection (flow: direct)
        $users = DB::select("select * from users where email = '" . $request->input('email') . "'");
        $sort = $request->query('sort');
        // ruleid: php.sql-injection (flow: assignments)
        return User::query()->orderByRaw($sort)->get();
    }

    public function show(Request $request, Connection $conn)
    {
        $id = $request->query->get('id');
        // ruleid: php.sql-injection (flow: assignments)
        return $conn->executeQuery("SELECT * FROM product WHERE id = " . $id);
    }

    public function safe(Request $request)
    {
        // ok: php.sql-injection (flow: sanitized)
        $users = DB::select('select * from users where email = ?', [$request->input('email')]);
        // ok: php.sql-injection (flow: number-conversion)
        $page = DB::select('select * from users limit 10 offset ' . $request->integer('page'));
        // ok: php.sql-injection (flow: sanitized)
        return User::query()->whereRaw('lower(email) = ?', [$request->input('email')])->get();
    }

    public function wp()
    {
        global $wpdb;
        // ok: php.sql-injection (flow: sanitized)
        $wpdb->get_results($wpdb->prepare("SELECT * FROM wp_posts WHERE post_title = %s", $_GET['title']));
        // ruleid: php.sql-injection (flow: direct)
        $wpdb->get_results("SELECT * FROM wp_posts WHERE post_title = '" . $_GET['title'] . "'");
    }
}

// Top-level script code is analysed too.
$db = new mysqli('localhost', 'app', 'secret', 'app');
$user = $_POST['user'];
// ruleid: php.sql-injection (flow: assignments)
$db->query("SELECT * FROM accounts WHERE user = '$user'");
// ok: php.sql-injection
$hits = $search->query('title:' . $_GET['q']);
// ok: php.sql-injection
$nodes = $xpath->query("//user[@name='" . $_GET['name'] . "']");
// ok: php.sql-injection
$doc = 'never $pdo->query("SELECT " . $_GET["id"])';
