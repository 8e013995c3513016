<?php
// Fixture for php.unsafe-deserialization: request data reaching unserialize(), by every flow the analysis follows.

function direct(): void
{
    // ruleid: php.unsafe-deserialization (flow: direct)
    $cart = unserialize($_COOKIE['cart']);
    // ruleid: php.unsafe-deserialization (flow: direct)
    $cart = \unserialize($_COOKIE['cart']);
    // ruleid: php.unsafe-deserialization (flow: direct)
    $prefs = unserialize(base64_decode($_POST['prefs']));
    // ok: php.unsafe-deserialization (flow: direct)
    $cart = unserialize($_COOKIE['cart'], ['allowed_classes' => false]);
    // ok: php.unsafe-deserialization (flow: direct)
    $prefs = json_decode($_POST['prefs'], true);
    // ok: php.unsafe-deserialization (flow: direct)
    $cached = unserialize(file_get_contents('/var/cache/app.bin'));
}

function assignments(): void
{
    $raw = $_GET['state'];
    $encoded = $raw;
    // ruleid: php.unsafe-deserialization (flow: assignments)
    $state = unserialize(urldecode($encoded));
    $body = file_get_contents('php://input');
    // ruleid: php.unsafe-deserialization (flow: assignments)
    $obj = unserialize(gzuncompress($body));
    // ok: php.unsafe-deserialization (flow: assignments)
    $data = json_decode($body, true);
}

function building(): void
{
    $blob = 'a:1:{';
    $blob .= $_POST['entry'];
    $blob .= '}';
    // ruleid: php.unsafe-deserialization (flow: string-building)
    $arr = unserialize($blob);
    $payload = ['version' => 'a:0:{}', 'data' => $_COOKIE['data']];
    // ok: php.unsafe-deserialization (flow: container)
    $v = unserialize($payload['version']);
    // ruleid: php.unsafe-deserialization (flow: container)
    $d = unserialize($payload['data']);
    $chunks = [];
    $chunks[] = $_POST['part1'];
    $chunks[] = $_POST['part2'];
    // ruleid: php.unsafe-deserialization (flow: container)
    $all = unserialize(implode('', $chunks));
}

function decode_cookie($value)
{
    return base64_decode(strtr($value, '-_', '+/'));
}

function restore($serialized)
{
    // ruleid: php.unsafe-deserialization (flow: helper-function)
    return unserialize($serialized);
}

function helpers(): void
{
    // ruleid: php.unsafe-deserialization (flow: helper-function)
    $session = unserialize(decode_cookie($_COOKIE['session']));
    restore($_POST['snapshot']);
    // ok: php.unsafe-deserialization (flow: helper-function)
    $defaults = unserialize(decode_cookie('YTowOnt9'));
    restore('a:0:{}');
}

class Wizard
{
    private $state;
    private $initial;

    public function __construct()
    {
        $this->state = $_POST['wizard_state'];
        $this->initial = serialize(['step' => 1]);
    }

    public function resume()
    {
        // ruleid: php.unsafe-deserialization (flow: class-field)
        return unserialize(base64_decode($this->state));
    }

    public function reset()
    {
        // ok: php.unsafe-deserialization (flow: class-field)
        return unserialize($this->initial);
    }
}

class ImportController
{
    public function import(Request $request)
    {
        // ruleid: php.unsafe-deserialization (flow: direct)
        $items = unserialize($request->input('payload'));
        // ok: php.unsafe-deserialization (flow: sanitized)
        $items = unserialize($request->input('payload'), ['allowed_classes' => [ItemDto::class]]);
        // ok: php.unsafe-deserialization (flow: sanitized)
        $session = unserialize($this->redis->get('session:' . $request->cookie('sid')));
        $n = (int) $request->input('n');
        // ok: php.unsafe-deserialization (flow: number-conversion)
        $count = unserialize('i:' . $n . ';');
        $p = $request->input('p');
        $p = 'a:0:{}';
        // ok: php.unsafe-deserialization (flow: constant-overwrite)
        $empty = unserialize($p);
        $q = $request->input('q');
        if (false) {
            $q = $request->input('r');
        } else {
            $q = 'b:0;';
        }
        // ok: php.unsafe-deserialization (flow: dead-branch)
        return unserialize($q);
    }
}
