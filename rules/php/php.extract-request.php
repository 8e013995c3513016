<?php
// Fixture for php.extract-request.

function handle(): void
{
    // ruleid: php.extract-request
    extract($_POST);
    // ruleid: php.extract-request
    extract($_GET, EXTR_SKIP);
    // ruleid: php.extract-request
    parse_str($_SERVER['QUERY_STRING']);
    // ok: php.extract-request
    parse_str($_SERVER['QUERY_STRING'], $query);
    // ok: php.extract-request
    extract(['title' => 'Home', 'items' => $items]);
    // ok: php.extract-request
    $id = $_GET['id'] ?? null;
}

class ProfileController
{
    public function update(Request $request)
    {
        // ruleid: php.extract-request
        extract($request->all());
        // ok: php.extract-request
        $data = $request->validated();
        return $data;
    }
}
