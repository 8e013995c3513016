<?php
// Fixture for php.command-dynamic.

class Ping
{
    public function ping(): string
    {
        // ruleid: php.command-dynamic
        return shell_exec('ping -c 1 ' . $this->host['hostname']);
    }

    public function archive(string $dir, string $target): void
    {
        // ruleid: php.command-dynamic
        exec("tar czf $target $dir", $out, $code);
        // ruleid: php.command-dynamic
        $list = `ls -la $dir`;
        // ruleid: php.command-dynamic
        system('convert ' . $this->getSourceFile() . ' out.png');
    }

    public function safe(string $dir, int $pid): void
    {
        // ok: php.command-dynamic
        exec('tar czf ' . escapeshellarg($dir . '.tgz') . ' ' . escapeshellarg($dir));
        // ok: php.command-dynamic
        exec('kill -9 ' . (int) $pid);
        $quotedDir = escapeshellarg($dir);
        // ok: php.command-dynamic
        system("du -sh $quotedDir");
        // ok: php.command-dynamic
        system('uptime');
        // ok: php.command-dynamic
        $list = `ls -la /var/log`;
        // ok: php.command-dynamic
        passthru("tar xzf {$_GET['file']}");
    }
}
