<?php
// Fixture for php.ssrf.

function preview(): string
{
    // ruleid: php.ssrf
    $ch = curl_init($_GET['url']);
    $target = $_POST['target'];
    // ruleid: php.ssrf
    curl_setopt($ch, CURLOPT_URL, "https://$target/status");
    $url = $_GET['image_url'];
    // ruleid: php.ssrf
    $data = file_get_contents($url);
    // ok: php.ssrf
    curl_setopt($ch, CURLOPT_URL, 'https://api.example.com/v1/status');
    // ok: php.ssrf
    curl_setopt($ch, CURLOPT_POSTFIELDS, $_POST['body']);
    // ok: php.ssrf
    $local = file_get_contents(__DIR__ . '/template.html');
    return $data;
}

class WebhookController
{
    public function test(Request $request, Client $client)
    {
        // ruleid: php.ssrf
        $response = $client->request('GET', $request->input('webhook'));
        // ruleid: php.ssrf
        $body = Http::get($request->query('feed'))->body();
        // ok: php.ssrf
        $ok = $this->httpClient->request('POST', 'https://hooks.example.com/notify', ['json' => $request->all()]);
        // ok: php.ssrf
        $user = $this->cache->get($request->input('url'));
        return $response;
    }
}
