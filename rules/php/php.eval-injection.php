<?php
// Fixture for php.eval-injection: request data evaluated as PHP code, by every flow the analysis follows.

function direct(): void
{
    // ruleid: php.eval-injection (flow: direct)
    eval("return " . $_GET['formula'] . ";");
    // ruleid: php.eval-injection (flow: direct)
    $fn = create_function('$a', $_POST['body']);
    // ok: php.eval-injection (flow: direct)
    $two = eval('return 1 + 1;');
    // ok: php.eval-injection (flow: direct)
    $double = create_function('$a', 'return $a * 2;');
    // ok: php.eval-injection (flow: direct)
    $value = $evaluator->eval($_GET['expr']);
    // ok: php.eval-injection (flow: direct)
    $doc = "never eval(\$_GET['code'])";
}

function assignments(): string
{
    $expr = $_GET['expr'];
    $code = $expr;
    // ruleid: php.eval-injection (flow: assignments)
    $result = eval($code);
    // ruleid: php.eval-injection (flow: assignments)
    assert("check_{$code}()");
    // ok: php.eval-injection (flow: assignments)
    assert(strlen($code) > 0);
    // ok: php.eval-injection (flow: assignments)
    $data = json_decode($code, true);
    return (string) $result;
}

function building(): void
{
    $src = '$x = ';
    $src .= $_COOKIE['init'];
    $src .= ';';
    // ruleid: php.eval-injection (flow: string-building)
    eval($src);
    // ruleid: php.eval-injection (flow: string-building)
    eval(sprintf('return %s;', $_POST['expr']));
    $lines = [];
    $lines[] = $_POST['line'];
    // ruleid: php.eval-injection (flow: container)
    eval(implode("\n", $lines));
    $config = ['safe' => 'return 1;', 'user' => $_GET['hook']];
    // ok: php.eval-injection (flow: container)
    eval($config['safe']);
    // ruleid: php.eval-injection (flow: container)
    eval($config['user']);
}

function wrap_code($body)
{
    return 'return function () { ' . $body . ' };';
}

function run_code($code)
{
    // ruleid: php.eval-injection (flow: helper-function)
    return eval($code);
}

function helpers(): void
{
    // ruleid: php.eval-injection (flow: helper-function)
    $fn = eval(wrap_code($_GET['body']));
    run_code($_REQUEST['snippet']);
    // ok: php.eval-injection (flow: helper-function)
    $fn = eval(wrap_code('return 42;'));
}

class Calculator
{
    private $formula;
    private $fallback;

    public function __construct()
    {
        $this->formula = $_POST['formula'];
        $this->fallback = '0';
    }

    public function compute()
    {
        // ruleid: php.eval-injection (flow: class-field)
        return eval('return ' . $this->formula . ';');
    }

    public function zero()
    {
        // ok: php.eval-injection (flow: class-field)
        return eval('return ' . $this->fallback . ';');
    }
}

function safe(): void
{
    $n = (int) $_GET['n'];
    // ok: php.eval-injection (flow: number-conversion)
    $square = eval("return $n * $n;");
    // ok: php.eval-injection (flow: number-conversion)
    eval('return ' . intval($_POST['x']) . ' + 1;');
    $ops = ['add' => 'return $a + $b;', 'sub' => 'return $a - $b;'];
    // ok: php.eval-injection (flow: sanitized)
    $r = eval($ops[$_GET['op']]);
    $code = $_GET['code'];
    $code = 'return null;';
    // ok: php.eval-injection (flow: constant-overwrite)
    eval($code);
    $expr = $_GET['expr'];
    if (false) {
        $expr = $_GET['other'];
    } else {
        $expr = 'return true;';
    }
    // ok: php.eval-injection (flow: dead-branch)
    eval($expr);
}

// Top-level script code is analysed too.
$calc = $_GET['calc'];
// ruleid: php.eval-injection (flow: assignments)
echo eval("return $calc;");
