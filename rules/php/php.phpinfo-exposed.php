<?php
// Fixture for php.phpinfo-exposed.

if (isset($_GET['debug'])) {
    // ruleid: php.phpinfo-exposed
    phpinfo();
}
// ruleid: php.phpinfo-exposed
phpinfo(INFO_ENVIRONMENT);
// ruleid: php.phpinfo-exposed
\phpinfo();
// ok: php.phpinfo-exposed
$version = phpversion();
// ok: php.phpinfo-exposed
$ini = ini_get_all('session');
// ok: php.phpinfo-exposed
$report->phpinfo();
