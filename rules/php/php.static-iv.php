<?php
// Fixture for php.static-iv.

function encrypt(string $data, string $key): string
{
    // ruleid: php.static-iv
    $a = openssl_encrypt($data, 'aes-256-cbc', $key, 0, '1234567890123456');
    // ruleid: php.static-iv
    $b = openssl_encrypt($data, 'aes-128-cbc', $key, OPENSSL_RAW_DATA, str_repeat("\0", 16));
    $iv = hex2bin('000102030405060708090a0b0c0d0e0f');
    // ruleid: php.static-iv
    $c = openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag);
    // ruleid: php.static-iv
    $d = openssl_encrypt($data, 'aes-256-cbc', $key, 0, self::ENCRYPTION_IV);
    $nonce = random_bytes(openssl_cipher_iv_length('aes-256-gcm'));
    // ok: php.static-iv
    $e = openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $nonce, $tag);
    // ok: php.static-iv
    $f = openssl_encrypt($data, 'aes-128-ecb', $key, 0, '');
    // ok: php.static-iv
    $g = openssl_encrypt($data, 'aes-256-cbc', $key, 0, $this->iv);
    return $a . $b . $c . $d . $e . $f . $g;
}
