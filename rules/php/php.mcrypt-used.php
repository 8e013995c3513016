<?php
// Fixture for php.mcrypt-used.

function legacyEncrypt(string $key, string $data): string
{
    // ruleid: php.mcrypt-used
    $iv = mcrypt_create_iv(16, MCRYPT_DEV_URANDOM);
    // ruleid: php.mcrypt-used
    $ct = mcrypt_encrypt(MCRYPT_RIJNDAEL_128, $key, $data, MCRYPT_MODE_CBC, $iv);
    // ruleid: php.mcrypt-used
    $td = mcrypt_module_open('tripledes', '', 'ecb', '');
    // ok: php.mcrypt-used
    $ct = sodium_crypto_secretbox($data, $nonce, $key);
    // ok: php.mcrypt-used
    $ct = openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag);
    // ok: php.mcrypt-used
    $has = function_exists('mcrypt_encrypt');
    return $ct;
}
