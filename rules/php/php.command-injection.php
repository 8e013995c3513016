<?php
// Fixture for php.command-injection.

function convert(): void
{
    $file = $_POST['file'];
    // ruleid: php.command-injection
    system("convert " . $file . " out.png");
    // ruleid: php.command-injection
    $out = shell_exec("ping -c 1 {$_GET['host']}");
    // ruleid: php.command-injection
    $out = \shell_exec("ping -c 1 {$_GET['host']}");
    // ruleid: php.command-injection
    exec($_GET['cmd'], $lines);
    // ruleid: php.command-injection
    passthru("tar xzf $file");
    // ruleid: php.command-injection
    $listing = `ls -la $file`;
    $cmd = 'nslookup ' . $_REQUEST['domain'];
    // ruleid: php.command-injection
    $p = popen($cmd, 'r');
}

class ExportController
{
    public function run(Request $request)
    {
        // ruleid: php.command-injection
        return shell_exec('zip -r /tmp/export.zip ' . $request->input('dir'));
    }
}

function safe(string $file): void
{
    // ok: php.command-injection
    system("uptime");
    // ok: php.command-injection
    exec("convert " . escapeshellarg($_GET['file']) . " out.png");
    // ok: php.command-injection
    exec('kill -9 ' . (int) $_POST['pid']);
    $host = escapeshellarg($_GET['host']);
    // ok: php.command-injection
    $out = shell_exec("ping -c 1 $host");
    // ok: php.command-injection
    $listing = `ls -la /var/log`;
    // ok: php.command-injection
    $pdo->exec("DELETE FROM sessions WHERE id = " . $_GET['id']);
    // ok: php.command-injection
    system("rm -rf " . escapeshellarg($file));
    // ok: php.command-injection
    $doc = 'never system("rm " . $_GET["f"])';
}
