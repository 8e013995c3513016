<?php
// Fixture for php.cookie-httponly.

function remember(string $token): void
{
    // ruleid: php.cookie-httponly
    setcookie('remember', $token, time() + 86400 * 30, '/');
    // ruleid: php.cookie-httponly
    setcookie('remember', $token, time() + 86400 * 30, '/', '', true);
    // ruleid: php.cookie-httponly
    setcookie('session', $token, time() + 3600, '/', '', true, false);
    // ruleid: php.cookie-httponly
    setcookie('auth', $token, ['expires' => time() + 3600, 'path' => '/', 'secure' => true, 'samesite' => 'Lax']);
    // ruleid: php.cookie-httponly
    setcookie('auth', $token, ['expires' => time() + 3600, 'secure' => true, 'httponly' => false]);
    // ruleid: php.cookie-httponly
    ini_set('session.cookie_httponly', 'off');
    // ok: php.cookie-httponly
    setcookie('remember', $token, time() + 86400 * 30, '/', '', true, true);
    // ok: php.cookie-httponly
    setcookie('session', $token, time() + 3600, '/', '', false, true);
    // ok: php.cookie-httponly
    setcookie('session', $token, time() + 3600, '/', '', false, $httpOnly);
    // ok: php.cookie-httponly
    setcookie('auth', $token, ['expires' => time() + 3600, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);
    // ok: php.cookie-httponly
    setcookie('auth', $token, ['expires' => time() + 3600, 'httponly' => true]);
    // ok: php.cookie-httponly
    setcookie('remember', '', time() - 3600, '/');
    // ok: php.cookie-httponly
    setcookie('auth', $token, $this->cookieOptions);
    // ok: php.cookie-httponly
    ini_set('session.cookie_httponly', '1');
    // ok: php.cookie-httponly
    ini_set('session.cookie_secure', '0');
}
