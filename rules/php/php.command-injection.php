<?php
// Fixture for php.command-injection.

function convert(array $request): void
{
    $file = $request['file'];
    // ruleid: php.command-injection
    system("convert " . $file . " out.png");
    // ruleid: php.command-injection
    $out = shell_exec("ping -c 1 {$request['host']}");
    // ruleid: php.command-injection
    exec($_GET['cmd'], $lines);
    // ruleid: php.command-injection
    passthru("tar xzf $file");
    // ruleid: php.command-injection
    $listing = `ls -la $file`;
}

function safe(string $file): void
{
    // ok: php.command-injection
    system("uptime");
    // ok: php.command-injection
    exec("convert " . escapeshellarg($file) . " out.png");
    // ok: php.command-injection
    $listing = `ls -la /var/log`;
    // ok: php.command-injection
    $pdo->exec("DELETE FROM sessions WHERE expired = 1");
    // ok: php.command-injection
    // system("rm -rf " . $file);
    // ok: php.command-injection
    $doc = 'never system("rm " . $file)';
}
