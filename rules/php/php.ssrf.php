<?php
// Fixture for php.ssrf: request data becoming the address the server fetches, by every flow the analysis follows.

function direct(): void
{
    // ruleid: php.ssrf (flow: direct)
    $ch = curl_init($_GET['url']);
    // ruleid: php.ssrf (flow: direct)
    $headers = get_headers($_POST['link']);
    // ok: php.ssrf (flow: direct)
    curl_setopt($ch, CURLOPT_URL, 'https://api.example.com/v1/status');
    // ok: php.ssrf (flow: direct)
    curl_setopt($ch, CURLOPT_POSTFIELDS, $_POST['body']);
    // ok: php.ssrf (flow: direct)
    $local = file_get_contents(__DIR__ . '/template.html');
    // ok: php.ssrf (flow: direct)
    $doc = file_get_contents('/srv/docs/' . $_GET['file']);
}

function assignments(): void
{
    $url = $_GET['image_url'];
    $imageUrl = $url;
    // ruleid: php.ssrf (flow: assignments)
    $data = file_get_contents($imageUrl);
    $target = $_POST['target'];
    $ch = curl_init();
    // ruleid: php.ssrf (flow: assignments)
    curl_setopt($ch, CURLOPT_URL, "https://$target/status");
    // ok: php.ssrf (flow: assignments)
    curl_setopt($ch, CURLOPT_USERAGENT, $target);
}

function building(): void
{
    $host = $_SERVER['HTTP_X_UPSTREAM'];
    $endpoint = 'http://';
    $endpoint .= $host;
    $endpoint .= '/health';
    // ruleid: php.ssrf (flow: string-building)
    $fp = fopen($endpoint, 'r');
    $ch = curl_init();
    // ruleid: php.ssrf (flow: string-building)
    curl_setopt_array($ch, [CURLOPT_URL => sprintf('https://%s/api', $host), CURLOPT_RETURNTRANSFER => true]);
    // ok: php.ssrf (flow: string-building)
    curl_setopt_array($ch, [CURLOPT_URL => 'https://api.example.com/', CURLOPT_POSTFIELDS => $_POST]);
}

function container(): void
{
    $conf = ['base' => 'https://api.example.com', 'callback' => $_POST['callback']];
    // ok: php.ssrf (flow: container)
    $ch = curl_init($conf['base'] . '/ping');
    // ruleid: php.ssrf (flow: container)
    $ch = curl_init($conf['callback']);
    $hosts = [];
    $hosts[] = $_GET['mirror'];
    // ruleid: php.ssrf (flow: container)
    $ch = curl_init('https://' . $hosts[0] . '/file.zip');
}

function api_url($path)
{
    return 'https://' . $path;
}

function fetch_url($url)
{
    $ch = curl_init();
    // ruleid: php.ssrf (flow: helper-function)
    curl_setopt($ch, CURLOPT_URL, $url);
    return curl_exec($ch);
}

function helpers(): void
{
    // ruleid: php.ssrf (flow: helper-function)
    $ch = curl_init(api_url($_GET['path']));
    fetch_url($_POST['feed']);
    // ok: php.ssrf (flow: helper-function)
    $ch = curl_init(api_url('api.example.com/status'));
    fetch_url('https://example.com/feed.xml');
}

class Importer
{
    private $feedUrl;
    private $fallback;

    public function __construct()
    {
        $this->feedUrl = $_POST['source_url'];
        $this->fallback = 'https://example.com/default.xml';
    }

    public function import()
    {
        // ruleid: php.ssrf (flow: class-field)
        $xml = simplexml_load_file($this->feedUrl);
        // ok: php.ssrf (flow: class-field)
        $xml = simplexml_load_file($this->fallback);
        return $xml;
    }
}

class WebhookController
{
    public function test(Request $request, Client $client)
    {
        // ruleid: php.ssrf (flow: direct)
        $response = $client->request('GET', $request->input('webhook'));
        $feed = $request->query('feed');
        // ruleid: php.ssrf (flow: assignments)
        $body = Http::get($feed)->body();
        // ruleid: php.ssrf (flow: direct)
        $posted = Http::withToken('t')->post($request->input('hook'), ['a' => 1]);
        // ok: php.ssrf (flow: direct)
        $ok = $this->httpClient->request('POST', 'https://hooks.example.com/notify', ['json' => $request->all()]);
        // ok: php.ssrf (flow: sanitized)
        $user = $this->cache->get($request->input('url'));
        return $response;
    }

    public function safe(Request $request)
    {
        $regions = ['eu' => 'https://eu.api.example.com', 'us' => 'https://us.api.example.com'];
        // ok: php.ssrf (flow: sanitized)
        $res = Http::get($regions[$request->input('region')] . '/status');
        $port = (int) $request->input('port');
        // ok: php.ssrf (flow: number-conversion)
        $res = Http::get('https://internal.example.com:' . $port . '/');
        $u = $request->input('u');
        $u = 'https://example.com/';
        // ok: php.ssrf (flow: constant-overwrite)
        $res = Http::get($u);
        $v = $request->input('v');
        if (false) {
            $v = $request->input('w');
        } else {
            $v = 'https://example.com/v';
        }
        // ok: php.ssrf (flow: dead-branch)
        return Http::get($v);
    }
}
