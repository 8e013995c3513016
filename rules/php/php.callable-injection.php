<?php
// Fixture for php.callable-injection: request data choosing what is called, by every flow the analysis follows.

function direct(array $args): mixed
{
    // ruleid: php.callable-injection (flow: direct)
    $result = call_user_func($_GET['action'], $args);
    // ruleid: php.callable-injection (flow: direct)
    $sorted = usort($args, $_REQUEST['cmp']);
    // ruleid: php.callable-injection (flow: direct)
    $handler = new $_GET['class']();
    // ruleid: php.callable-injection (flow: direct)
    $_GET['fn']($args);
    // ok: php.callable-injection (flow: direct)
    $result = call_user_func([$this, 'handle'], $_GET['action']);
    // ok: php.callable-injection (flow: direct)
    $result = call_user_func_array('array_merge', $_POST['lists']);
    // ok: php.callable-injection (flow: direct)
    $names = array_map('trim', $_POST['names']);
    return $result;
}

function assignments(array $args, object $service): void
{
    $fn = $_POST['callback'];
    $callback = $fn;
    // ruleid: php.callable-injection (flow: assignments)
    $callback($args);
    $method = $_GET['m'];
    // ruleid: php.callable-injection (flow: assignments)
    $service->$method($args);
    // ok: php.callable-injection (flow: assignments)
    $service->run($method);
    $cls = $_COOKIE['driver'];
    // ruleid: php.callable-injection (flow: assignments)
    $driver = $cls::create();
}

function building(array $args): void
{
    $handler = 'handle_' . $_GET['type'];
    // ruleid: php.callable-injection (flow: string-building)
    call_user_func($handler, $args);
    $class = "App\\Exporters\\{$_GET['format']}Exporter";
    // ruleid: php.callable-injection (flow: string-building)
    $exporter = new $class();
    $callbacks = ['sort' => 'strcmp', 'user' => $_GET['cmp']];
    // ok: php.callable-injection (flow: container)
    usort($args, $callbacks['sort']);
    // ruleid: php.callable-injection (flow: container)
    usort($args, $callbacks['user']);
    // ruleid: php.callable-injection (flow: container)
    call_user_func([$this, $_POST['method']]);
}

function handler_name($action)
{
    return 'action_' . $action;
}

function invoke($name, array $args)
{
    // ruleid: php.callable-injection (flow: helper-function)
    return call_user_func_array($name, $args);
}

function helpers(array $args): void
{
    // ruleid: php.callable-injection (flow: helper-function)
    call_user_func(handler_name($_GET['a']), $args);
    invoke($_POST['fn'], $args);
    // ok: php.callable-injection (flow: helper-function)
    call_user_func(handler_name('index'), $args);
    invoke('strtoupper', $args);
}

class Dispatcher
{
    private $action;
    private $default;

    public function __construct()
    {
        $this->action = $_GET['do'];
        $this->default = 'index';
    }

    public function dispatch()
    {
        // ruleid: php.callable-injection (flow: class-field)
        return $this->{$this->action}();
    }

    public function fallback()
    {
        // ok: php.callable-injection (flow: class-field)
        return call_user_func([$this, $this->default]);
    }
}

class ActionController
{
    public function run(Request $request)
    {
        // ruleid: php.callable-injection (flow: direct)
        return call_user_func_array($request->input('method'), $request->input('params', []));
    }

    public function safe(Request $request)
    {
        $actions = ['start' => 'startJob', 'stop' => 'stopJob'];
        // ok: php.callable-injection (flow: sanitized)
        call_user_func([$this, $actions[$request->input('action')]]);
        $method = match ($request->input('action')) {
            'start' => 'startJob',
            default => 'status',
        };
        // ok: php.callable-injection (flow: sanitized)
        return $this->$method();
    }

    public function constants(Request $request)
    {
        $fn = $request->input('fn');
        $fn = 'strtolower';
        // ok: php.callable-injection (flow: constant-overwrite)
        $fn('X');
        $cls = $request->input('cls');
        if (false) {
            $cls = $request->input('other');
        } else {
            $cls = \stdClass::class;
        }
        // ok: php.callable-injection (flow: dead-branch)
        return new $cls();
    }
}
