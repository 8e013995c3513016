<?php
// Fixture for php.eval-injection.

function calculate(): string
{
    $expr = $_GET['expr'];
    // ruleid: php.eval-injection
    $result = eval($expr);
    // ruleid: php.eval-injection
    eval("return " . $_GET['formula'] . ";");
    // ruleid: php.eval-injection
    assert("check_{$expr}()");
    // ruleid: php.eval-injection
    $fn = create_function('$a', $_POST['body']);
    return (string) $result;
}

function safe(array $request): string
{
    // ok: php.eval-injection
    $two = eval('return 1 + 1;');
    // ok: php.eval-injection
    $data = json_decode($request['json'], true);
    // ok: php.eval-injection
    assert($count > 0);
    // ok: php.eval-injection
    $double = create_function('$a', 'return $a * 2;');
    // ok: php.eval-injection
    $value = $evaluator->eval($request['expr']);
    // Generated code, not request data, is php.eval-dynamic:
    // ok: php.eval-injection
    eval('$func = function ($n) { ' . $code . '};');
    // ok: php.eval-injection
    \assert('' !== validate_key($key));
    // ok: php.eval-injection
    // eval($_GET['code']) was removed
    // ok: php.eval-injection
    $doc = "never eval(\$_GET['code'])";
    return $doc;
}
