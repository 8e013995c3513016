<?php
// Fixture for php.header-injection: request data in a response header's value, by every flow the analysis follows.

function direct(): void
{
    // ruleid: php.header-injection (flow: direct)
    header('Content-Type: ' . $_GET['type']);
    // ruleid: php.header-injection (flow: direct)
    header("Access-Control-Allow-Origin: {$_SERVER['HTTP_ORIGIN']}");
    // ok: php.header-injection (flow: direct)
    header('Content-Type: application/json');
    // ok: php.header-injection (flow: direct)
    header('Location: ' . $_GET['next']);
    // ok: php.header-injection (flow: direct)
    header('X-Frame-Options: DENY', true, $_GET['code']);
}

function assignments(): void
{
    $name = $_GET['name'];
    $filename = $name;
    // ruleid: php.header-injection (flow: assignments)
    header("Content-Disposition: attachment; filename=\"$filename\"");
    $origin = $_SERVER['HTTP_ORIGIN'];
    $line = 'Access-Control-Allow-Origin: ' . $origin;
    // ruleid: php.header-injection (flow: assignments)
    header($line);
}

function building(): void
{
    $lang = filter_input(INPUT_GET, 'lang');
    $value = 'Content-Language: ';
    $value .= $lang;
    // ruleid: php.header-injection (flow: string-building)
    header($value);
    // ruleid: php.header-injection (flow: string-building)
    header(sprintf('X-Request-Id: %s', $_SERVER['HTTP_X_REQUEST_ID']));
    $h = ['type' => 'text/plain', 'tag' => $_GET['tag']];
    // ok: php.header-injection (flow: container)
    header('Content-Type: ' . $h['type']);
    // ruleid: php.header-injection (flow: container)
    header('X-Tag: ' . $h['tag']);
}

function disposition($file)
{
    return 'Content-Disposition: attachment; filename="' . $file . '"';
}

function send_header($name, $value)
{
    // ruleid: php.header-injection (flow: helper-function)
    header($name . ': ' . $value);
}

function helpers(): void
{
    // ruleid: php.header-injection (flow: helper-function)
    header(disposition($_GET['file']));
    send_header('X-Debug', $_POST['debug']);
    // ok: php.header-injection (flow: helper-function)
    header(disposition('report.pdf'));
    send_header('X-Debug', 'off');
}

class Download
{
    private $mime;
    private $cache;

    public function __construct()
    {
        $this->mime = $_GET['mime'];
        $this->cache = 'no-store';
    }

    public function send(): void
    {
        // ruleid: php.header-injection (flow: class-field)
        header('Content-Type: ' . $this->mime);
        // ok: php.header-injection (flow: class-field)
        header('Cache-Control: ' . $this->cache);
    }
}

class ApiController
{
    public function symfony(Request $request): Response
    {
        $response = new Response('ok');
        // ruleid: php.header-injection (flow: direct)
        $response->headers->set('Access-Control-Allow-Origin', $request->headers->get('Origin'));
        // ok: php.header-injection (flow: direct)
        $response->headers->set('Content-Type', 'text/plain');
        return $response;
    }

    public function laravel(Request $request)
    {
        $type = $request->input('type');
        // ruleid: php.header-injection (flow: assignments)
        return response('ok')->header('Content-Type', $type);
    }

    public function safe(Request $request)
    {
        // ok: php.header-injection (flow: sanitized)
        header("Content-Disposition: attachment; filename*=UTF-8''" . rawurlencode($request->input('file')));
        // ok: php.header-injection (flow: sanitized)
        header('X-Note: ' . str_replace(["\r", "\n"], '', $request->input('note')));
        $types = ['json' => 'application/json', 'csv' => 'text/csv'];
        // ok: php.header-injection (flow: sanitized)
        header('Content-Type: ' . $types[$request->input('format')]);
        // ok: php.header-injection (flow: number-conversion)
        header('Content-Length: ' . (int) $request->input('size'));
        $c = $request->input('c');
        $c = 'gzip';
        // ok: php.header-injection (flow: constant-overwrite)
        header('Content-Encoding: ' . $c);
        $d = $request->input('d');
        if (false) {
            $d = $request->input('e');
        } else {
            $d = 'inline';
        }
        // ok: php.header-injection (flow: dead-branch)
        header('Content-Disposition: ' . $d);
    }
}
