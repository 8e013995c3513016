<?php
// Fixture for php.weak-rsa-key.

function keys(): void
{
    // ruleid: php.weak-rsa-key
    $key = openssl_pkey_new(['private_key_bits' => 1024, 'private_key_type' => OPENSSL_KEYTYPE_RSA]);
    $config = [
        'digest_alg' => 'sha256',
        // ruleid: php.weak-rsa-key
        'private_key_bits' => 512,
    ];
    // ruleid: php.weak-rsa-key
    $private = RSA::createKey(1024);
    // ok: php.weak-rsa-key
    $key = openssl_pkey_new(['private_key_bits' => 4096, 'private_key_type' => OPENSSL_KEYTYPE_RSA]);
    // ok: php.weak-rsa-key
    $key = openssl_pkey_new(['private_key_bits' => $this->bits]);
    // ok: php.weak-rsa-key
    $private = RSA::createKey(2048);
    // ok: php.weak-rsa-key
    $limits = ['max_bits' => 1024];
}
