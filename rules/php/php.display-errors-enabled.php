<?php
// Fixture for php.display-errors-enabled.

error_reporting(E_ALL);
// ruleid: php.display-errors-enabled
ini_set('display_errors', '1');
// ruleid: php.display-errors-enabled
ini_set('display_errors', 'On');
// ruleid: php.display-errors-enabled
ini_set('display_startup_errors', 1);
// ok: php.display-errors-enabled
ini_set('display_errors', '0');
// ok: php.display-errors-enabled
ini_set('log_errors', '1');
// ok: php.display-errors-enabled
ini_set('display_errors', $config['debug'] ? '1' : '0');

class Debug
{
    public static function enable(): void
    {
        // ok: php.display-errors-enabled
        ini_set('display_errors', 1);
    }
}

if ($config['debug']) {
    // ok: php.display-errors-enabled
    ini_set('display_errors', '1');
}
