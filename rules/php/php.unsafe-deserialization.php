<?php
// Fixture for php.unsafe-deserialization.

function restore(): array
{
    // ruleid: php.unsafe-deserialization
    $cart = unserialize($_COOKIE['cart']);
    // ruleid: php.unsafe-deserialization
    $cart = \unserialize($_COOKIE['cart']);
    // ruleid: php.unsafe-deserialization
    $prefs = unserialize(base64_decode($_POST['prefs']));
    $raw = $_GET['state'];
    // ruleid: php.unsafe-deserialization
    $state = unserialize(urldecode($raw));
    // ok: php.unsafe-deserialization
    $cart = unserialize($_COOKIE['cart'], ['allowed_classes' => false]);
    // ok: php.unsafe-deserialization
    $prefs = json_decode($_POST['prefs'], true);
    // ok: php.unsafe-deserialization
    $cached = unserialize(file_get_contents($this->cacheFile));
    return [$cart, $prefs, $state, $cached];
}

class ImportController
{
    public function import(Request $request)
    {
        // ruleid: php.unsafe-deserialization
        $items = unserialize($request->input('payload'));
        // ok: php.unsafe-deserialization
        $items = unserialize($request->input('payload'), ['allowed_classes' => [ItemDto::class]]);
        // ok: php.unsafe-deserialization
        $session = unserialize($this->redis->get('session:' . $request->cookie('sid')));
        return $items;
    }
}
