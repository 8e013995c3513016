<?php
// Fixture for php.path-traversal: request data reaching a file path, by every flow the analysis follows.

function direct(): void
{
    // ruleid: php.path-traversal (flow: direct)
    readfile('/var/www/files/' . $_GET['file']);
    // Fully qualified calls (common in namespaced code) are the same function.
    // ruleid: php.path-traversal (flow: direct)
    \readfile('/var/www/files/' . $_GET['file']);
    // ruleid: php.path-traversal (flow: direct)
    move_uploaded_file($_FILES['doc']['tmp_name'], 'uploads/' . $_FILES['doc']['name']);
    // ok: php.path-traversal (flow: direct)
    move_uploaded_file($_FILES['doc']['tmp_name'], 'uploads/' . bin2hex(random_bytes(8)));
    // ok: php.path-traversal (flow: direct)
    $content = file_get_contents(__DIR__ . '/data.json');
    // ok: php.path-traversal (flow: direct)
    file_put_contents(__DIR__ . '/notes.txt', $_POST['note']);
    // ok: php.path-traversal (flow: direct)
    $page = file_get_contents($_GET['url']);
}

function assignments(): void
{
    $name = $_POST['name'];
    $file = $name;
    // ruleid: php.path-traversal (flow: assignments)
    unlink("/tmp/uploads/$file");
    $dest = $_GET['dest'];
    // ruleid: php.path-traversal (flow: assignments)
    copy('/var/app/template.txt', $dest);
    // ok: php.path-traversal (flow: assignments)
    copy('/var/app/template.txt', '/var/app/copy.txt');
}

function building(): void
{
    $dir = '/srv/reports/';
    $dir .= $_GET['year'];
    // ruleid: php.path-traversal (flow: string-building)
    $files = scandir($dir);
    // ruleid: php.path-traversal (flow: string-building)
    $fh = fopen(sprintf('/var/data/%s.csv', $_REQUEST['set']), 'r');
    $parts = explode('/', $_SERVER['PATH_INFO']);
    // ruleid: php.path-traversal (flow: string-building)
    $doc = new SplFileObject('/srv/docs/' . implode('/', $parts));
}

function container(): void
{
    $paths = ['log' => '/var/log/app.log', 'upload' => '/srv/up/' . $_POST['file']];
    // ok: php.path-traversal (flow: container)
    $log = file($paths['log']);
    // ruleid: php.path-traversal (flow: container)
    $data = file_get_contents($paths['upload']);
    $segments = ['/srv', 'public'];
    $segments[] = $_GET['asset'];
    // ruleid: php.path-traversal (flow: container)
    readfile(implode(DIRECTORY_SEPARATOR, $segments));
}

function storage_path_for($name)
{
    return '/srv/storage/' . $name;
}

function remove_file($path)
{
    // ruleid: php.path-traversal (flow: helper-function)
    return unlink($path);
}

function helpers(): void
{
    // ruleid: php.path-traversal (flow: helper-function)
    $data = file_get_contents(storage_path_for($_GET['name']));
    remove_file('/srv/tmp/' . $_POST['tmp']);
    // ok: php.path-traversal (flow: helper-function)
    $data = file_get_contents(storage_path_for('index.json'));
    remove_file('/srv/tmp/cache.bin');
}

// Checked against an allow-list, or made whole and checked to lie under the base folder.
function guarded(): void
{
    $base = '/srv/files';
    $full = realpath($base . '/' . $_GET['name']);
    if ($full === false || !str_starts_with($full, $base . '/')) {
        http_response_code(403);
        exit;
    }
    // ok: php.path-traversal (flow: guard)
    readfile($full);
    $raw = $_GET['raw'];
    if (!str_starts_with($raw, $base)) {
        exit;
    }
    // ruleid: php.path-traversal (flow: guard)
    readfile($raw);
    $loose = realpath($base . '/' . $_GET['loose']);
    if (str_starts_with($loose, '/')) {
        // ruleid: php.path-traversal (flow: guard)
        readfile($loose);
    }
    $doc = realpath('/srv/docs/' . $_GET['doc']);
    if (strpos($doc, '/srv/docs/') === 0) {
        // ok: php.path-traversal (flow: guard)
        readfile($doc);
    }
    // ruleid: php.path-traversal (flow: guard)
    readfile($doc);
    if (strpos($doc, '/srv/docs/') == 0) {
        // ruleid: php.path-traversal (flow: guard)
        readfile($doc);
    }
    $out = realpath('/srv/out/' . $_POST['out']);
    if (strpos($out, '/srv/out/') !== 0) {
        die('outside the folder');
    }
    // ok: php.path-traversal (flow: guard)
    unlink($out);
}

function allow_listed(): void
{
    $allowed = ['monthly.pdf', 'yearly.pdf'];
    $report = $_GET['report'];
    if (!in_array($report, $allowed, true)) {
        http_response_code(404);
        return;
    }
    // ok: php.path-traversal (flow: guard)
    readfile('/srv/reports/' . $report);
    $kind = $_GET['kind'];
    if (in_array($kind, ['csv', 'json'])) {
        // ok: php.path-traversal (flow: guard)
        readfile("/srv/exports/export.$kind");
    }
    // ruleid: php.path-traversal (flow: guard)
    readfile("/srv/exports/export.$kind");
    $pages = ['home' => 'home.html', 'about' => 'about.html'];
    $page = $_GET['page'];
    if (array_key_exists($page, $pages)) {
        // ok: php.path-traversal (flow: guard)
        readfile('/srv/pages/' . $page);
    }
    if (isset($pages[$page])) {
        // ok: php.path-traversal (flow: guard)
        readfile('/srv/pages/' . $page . '.html');
    }
    $slug = $_GET['slug'];
    if (preg_match('/^[a-z0-9_-]+$/D', $slug) === 1) {
        // ok: php.path-traversal (flow: guard)
        readfile('/srv/slugs/' . $slug);
    }
    if (preg_match('/^[a-z0-9_-]+$/m', $slug)) {
        // ruleid: php.path-traversal (flow: guard)
        readfile('/srv/slugs/' . $slug);
    }
    $other = $_GET['other'];
    if (strpos($other, '..') !== false) {
        exit;
    }
    // ruleid: php.path-traversal (flow: guard)
    readfile('/srv/other/' . $other);
}

class Exporter
{
    private $target;
    private $dir;

    public function __construct()
    {
        $this->target = $_POST['target'];
        $this->dir = '/srv/exports';
    }

    public function write(string $csv): void
    {
        // ruleid: php.path-traversal (flow: class-field)
        file_put_contents($this->dir . '/' . $this->target, $csv);
        // ok: php.path-traversal (flow: class-field)
        file_put_contents($this->dir . '/latest.csv', $csv);
    }
}

class FileController
{
    public function show(Request $request)
    {
        // ruleid: php.path-traversal (flow: direct)
        return response()->download(storage_path('exports/') . $request->input('file'));
    }

    public function symfony(Request $request): Response
    {
        $path = $this->dir . '/' . $request->query->get('path');
        // ruleid: php.path-traversal (flow: assignments)
        return new BinaryFileResponse($path);
    }

    public function upload(Request $request)
    {
        $name = $request->file('avatar')->getClientOriginalName();
        // ruleid: php.path-traversal (flow: assignments)
        Storage::put('avatars/' . $name, 'data');
        // ok: php.path-traversal (flow: sanitized)
        return $request->file('avatar')->store('avatars');
    }

    public function safe(Request $request)
    {
        // ok: php.path-traversal (flow: sanitized)
        readfile('/var/www/files/' . basename($request->input('file')));
        $base = pathinfo($request->input('doc'), PATHINFO_FILENAME);
        // ok: php.path-traversal (flow: sanitized)
        return response()->download(storage_path('exports/') . $base . '.pdf');
    }

    public function cache(Request $request)
    {
        // ok: php.path-traversal (flow: sanitized)
        $value = $this->cache->get($request->input('key'));
        // ok: php.path-traversal (flow: sanitized)
        return Storage::get('reports/' . $report->filename);
    }

    public function numbers(Request $request)
    {
        $id = (int) $request->input('id');
        // ok: php.path-traversal (flow: number-conversion)
        return response()->file(storage_path("invoices/$id.pdf"));
    }

    public function constants(Request $request)
    {
        $name = $request->input('name');
        $name = 'default.txt';
        // ok: php.path-traversal (flow: constant-overwrite)
        $a = file_get_contents('/srv/' . $name);
        $doc = $request->input('doc');
        if (false) {
            $doc = $request->input('other');
        } else {
            $doc = 'readme.md';
        }
        // ok: php.path-traversal (flow: dead-branch)
        return file_get_contents('/srv/docs/' . $doc);
    }
}
