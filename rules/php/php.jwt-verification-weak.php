<?php
// Fixture for php.jwt-verification-weak.

use Firebase\JWT\JWT;
use Firebase\JWT\Key;

function user(string $jwt, string $key): object
{
    // ruleid: php.jwt-verification-weak
    $claims = JWT::decode($jwt, $key, false);
    // ruleid: php.jwt-verification-weak
    $claims = JWT::decode($jwt, $key, ['HS256', 'none']);
    // ruleid: php.jwt-verification-weak
    $claims = JWT::decode($jwt, $publicKey, array('RS256', 'HS256'));
    // ok: php.jwt-verification-weak
    $claims = JWT::decode($jwt, new Key($publicKey, 'RS256'));
    // ok: php.jwt-verification-weak
    $claims = JWT::decode($jwt, $key, ['HS256']);
    // ok: php.jwt-verification-weak
    $claims = JWT::decode($jwt, $keys, ['RS256', 'RS512']);
    return $claims;
}
