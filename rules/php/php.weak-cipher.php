<?php
// Fixture for php.weak-cipher.

function encrypt(string $data, string $key, string $iv): string
{
    // ruleid: php.weak-cipher
    $a = openssl_encrypt($data, 'des-cbc', $key, OPENSSL_RAW_DATA, $iv);
    // ruleid: php.weak-cipher
    $b = openssl_encrypt($data, 'AES-128-ECB', $key);
    // ruleid: php.weak-cipher
    $c = openssl_decrypt($data, 'des-ede3-cbc', $key, 0, $iv);
    // ruleid: php.weak-cipher
    $d = openssl_encrypt($data, "rc4", $key);
    // ok: php.weak-cipher
    $e = openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag);
    // ok: php.weak-cipher
    $f = openssl_encrypt($data, $this->cipher, $key, 0, $iv);
    // ok: php.weak-cipher
    $g = openssl_encrypt($data, 'aes-256-cbc', $key, 0, $iv);
    return $a;
}
