<?php
// Fixture for php.eval-dynamic.

function compile_reducer(string $code): callable
{
    // ruleid: php.eval-dynamic
    eval('$func = function ($n) { ' . $code . '};');
    // ruleid: php.eval-dynamic
    $f = create_function('$a', $code);
    // ruleid: php.eval-dynamic
    assert("check_{$code}()");
    // ruleid: php.eval-dynamic
    return eval($code);
}

function not_dynamic()
{
    // ok: php.eval-dynamic
    $two = eval('return 1 + 1;');
    // ok: php.eval-dynamic
    \assert('' !== validate_key($key));
    // ok: php.eval-dynamic
    assert($count > 0);
    // Request data is php.eval-injection, reported once:
    // ok: php.eval-dynamic
    eval("return " . $_GET['formula'] . ";");
    // ok: php.eval-dynamic
    $expr = $_POST['expr'];
    // ok: php.eval-dynamic
    eval($expr);
}
