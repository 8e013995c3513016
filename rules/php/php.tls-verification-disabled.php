<?php
// Fixture for php.tls-verification-disabled.

function fetch(string $url): string
{
    $ch = curl_init($url);
    // ruleid: php.tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
    // ruleid: php.tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 0);
    // ok: php.tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, true);
    // ok: php.tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 2);
    // ok: php.tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, $this->verifyTls);
    $ctx = stream_context_create([
        'ssl' => [
            // ruleid: php.tls-verification-disabled
            'verify_peer' => false,
            // ok: php.tls-verification-disabled
            'cafile' => '/etc/ssl/certs/ca-certificates.crt',
        ],
    ]);
    return (string) curl_exec($ch);
}

class ApiClient
{
    public function call(string $url)
    {
        // ruleid: php.tls-verification-disabled
        $client = new Client(['base_uri' => $url, 'verify' => false]);
        // ok: php.tls-verification-disabled
        $client = new Client(['base_uri' => $url, 'verify' => '/etc/ssl/private-ca.pem']);
        // ruleid: php.tls-verification-disabled
        $response = Http::withoutVerifying()->get($url);
        // ok: php.tls-verification-disabled
        $rules = ['email' => 'required', 'verify' => false];
        return $client->get('/status');
    }
}
