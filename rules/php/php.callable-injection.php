<?php
// Fixture for php.callable-injection.

function dispatch(array $args): mixed
{
    // ruleid: php.callable-injection
    $result = call_user_func($_GET['action'], $args);
    $fn = $_POST['callback'];
    // ruleid: php.callable-injection
    $result = $fn($args);
    // ruleid: php.callable-injection
    $sorted = usort($args, $_REQUEST['cmp']);
    // ruleid: php.callable-injection
    $handler = new $_GET['class']();
    // ok: php.callable-injection
    $result = call_user_func([$this, 'handle'], $_GET['action']);
    // ok: php.callable-injection
    $result = call_user_func_array('array_merge', $args);
    // ok: php.callable-injection
    $names = array_map('trim', $_POST['names']);
    return $result;
}

class ActionController
{
    public function run(Request $request)
    {
        // ruleid: php.callable-injection
        return call_user_func_array($request->input('method'), $request->input('params', []));
    }

    public function safe(Request $request)
    {
        $action = $request->input('action');
        if (!in_array($action, ['start', 'stop'], true)) {
            abort(400);
        }
        // ok: php.callable-injection
        return call_user_func([$this->service, $action]);
    }
}
