<?php
// Fixture for php.cookie-insecure.

function remember(string $token): void
{
    // ruleid: php.cookie-insecure
    setcookie('remember', $token, time() + 86400 * 30, '/');
    // ruleid: php.cookie-insecure
    setcookie('session', $token, time() + 3600, '/', '', false, true);
    // ruleid: php.cookie-insecure
    setcookie('auth', $token, ['expires' => time() + 3600, 'path' => '/', 'samesite' => 'Lax']);
    // ruleid: php.cookie-insecure
    setcookie('auth', $token, ['expires' => time() + 3600, 'httponly' => true, 'secure' => false]);
    // ruleid: php.cookie-insecure
    setrawcookie('sid', $token, 0, '/', 'example.com');
    // ruleid: php.cookie-insecure
    ini_set('session.cookie_secure', '0');
    // ok: php.cookie-insecure
    setcookie('remember', $token, time() + 86400 * 30, '/', '', true, true);
    // ok: php.cookie-insecure
    setcookie('remember', $token, time() + 86400 * 30, '/', '', true);
    // ok: php.cookie-insecure
    setcookie('remember', $token, time() + 86400 * 30, '/', '', true, false);
    // ok: php.cookie-insecure
    setcookie('remember', $token, time() + 86400 * 30, '/', '', $isHttps, false);
    // ok: php.cookie-insecure
    setcookie('auth', $token, ['expires' => time() + 3600, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);
    // ok: php.cookie-insecure
    setcookie('auth', $token, ['expires' => time() + 3600, 'secure' => true]);
    // ok: php.cookie-insecure
    setcookie('remember', '', time() - 3600, '/');
    // ok: php.cookie-insecure
    setcookie('auth', $token, $this->cookieOptions);
    // ok: php.cookie-insecure
    ini_set('session.cookie_secure', '1');
    // ok: php.cookie-insecure
    ini_set('session.cookie_httponly', '0');
}
