<?php
// Fixture for php.path-traversal.

function download(): void
{
    // ruleid: php.path-traversal
    readfile('/var/www/files/' . $_GET['file']);
    // Fully qualified calls (common in namespaced code) are the same function.
    // ruleid: php.path-traversal
    \readfile('/var/www/files/' . $_GET['file']);
    $name = $_POST['name'];
    // ruleid: php.path-traversal
    unlink("/tmp/uploads/$name");
    // ruleid: php.path-traversal
    move_uploaded_file($_FILES['doc']['tmp_name'], 'uploads/' . $_FILES['doc']['name']);
    // ok: php.path-traversal
    move_uploaded_file($_FILES['doc']['tmp_name'], 'uploads/' . bin2hex(random_bytes(8)));
    // ok: php.path-traversal
    readfile('/var/www/files/' . basename($_GET['file']));
    // ok: php.path-traversal
    $content = file_get_contents(__DIR__ . '/data.json');
}

class FileController
{
    public function show(Request $request)
    {
        // ruleid: php.path-traversal
        return response()->download(storage_path('exports/') . $request->input('file'));
    }

    public function symfony(Request $request): Response
    {
        $path = $this->dir . '/' . $request->query->get('path');
        // ruleid: php.path-traversal
        return new BinaryFileResponse($path);
    }

    public function safe(Request $request)
    {
        $file = $request->input('file');
        if (!preg_match('/^[a-z0-9_-]+\.pdf$/', $file)) {
            abort(404);
        }
        // ok: php.path-traversal
        return response()->download(storage_path('exports/') . $file);
    }

    public function cache(Request $request)
    {
        // ok: php.path-traversal
        $value = $this->cache->get($request->input('key'));
        // ok: php.path-traversal
        return Storage::get('reports/' . $report->filename);
    }
}
