<?php
// Fixture for php.command-injection: request data reaching a shell command, by every flow the analysis follows.

function direct(): void
{
    // ruleid: php.command-injection (flow: direct)
    exec($_GET['cmd'], $lines);
    // ruleid: php.command-injection (flow: direct)
    $out = \shell_exec("ping -c 1 {$_GET['host']}");
    // ruleid: php.command-injection (flow: direct)
    $listing = `ls -la {$_GET['dir']}`;
    // ruleid: php.command-injection (flow: direct)
    mail('admin@example.com', 'Hi', 'Body', '', '-f' . $_POST['from']);
    // ok: php.command-injection (flow: direct)
    mail($_POST['to'], 'Hi', 'Body', '', '-fnoreply@example.com');
    // ok: php.command-injection (flow: direct)
    system("uptime");
    // ok: php.command-injection (flow: direct)
    $listing = `ls -la /var/log`;
    // ok: php.command-injection (flow: direct)
    $proc = proc_open(['convert', $_GET['file'], 'out.png'], [], $pipes);
}

function assignments(): void
{
    $file = $_POST['file'];
    $input = $file;
    // ruleid: php.command-injection (flow: assignments)
    system("convert " . $input . " out.png");
    $cmd = 'nslookup ' . $_REQUEST['domain'];
    // ruleid: php.command-injection (flow: assignments)
    $p = popen($cmd, 'r');
    // ruleid: php.command-injection (flow: assignments)
    $listing = `ls -la $input`;
    // ok: php.command-injection (flow: assignments)
    system("convert upload.tmp out.png", $input);
}

function building(): void
{
    $host = $_SERVER['HTTP_X_FORWARDED_HOST'];
    // ruleid: php.command-injection (flow: string-building)
    passthru(sprintf('dig +short %s', $host));
    $args = implode(' ', $_POST['args']);
    // ruleid: php.command-injection (flow: string-building)
    exec("git log $args");
    $script = "tar czf backup.tgz ";
    $script .= $_GET['path'];
    // ruleid: php.command-injection (flow: string-building)
    shell_exec($script);
    $heredoc = <<<SH
        rsync -a {$_POST['src']} /backup/
        SH;
    // ruleid: php.command-injection (flow: string-building)
    system($heredoc);
}

function container(): void
{
    $opts = ['bin' => '/usr/bin/convert', 'file' => $_FILES['upload']['name']];
    // ok: php.command-injection (flow: container)
    system($opts['bin'] . ' --version');
    // ruleid: php.command-injection (flow: container)
    system($opts['bin'] . ' ' . $opts['file'] . ' out.png');
    $parts = ['ffmpeg', '-i'];
    $parts[] = $_GET['video'];
    // ruleid: php.command-injection (flow: container)
    exec(implode(' ', $parts));
}

function quoted($value)
{
    return '"' . $value . '"';
}

function run_tool($arg)
{
    // ruleid: php.command-injection (flow: helper-function)
    return shell_exec('/opt/tool ' . $arg);
}

function helpers(): void
{
    // ruleid: php.command-injection (flow: helper-function)
    exec('grep ' . quoted($_GET['pattern']) . ' /var/log/app.log');
    run_tool($_POST['arg']);
    // ok: php.command-injection (flow: helper-function)
    exec('grep ' . quoted('error') . ' /var/log/app.log');
}

class Thumbnailer
{
    private $source;
    private $size;

    public function __construct()
    {
        $this->source = $_POST['image'];
        $this->size = '128x128';
    }

    public function make(): void
    {
        // ruleid: php.command-injection (flow: class-field)
        exec("convert {$this->source} -resize 128x128 thumb.png");
        // ok: php.command-injection (flow: class-field)
        exec("convert in.png -resize {$this->size} thumb.png");
    }
}

function sanitized(string $file): void
{
    // ok: php.command-injection (flow: sanitized)
    exec("convert " . escapeshellarg($_GET['file']) . " out.png");
    $host = escapeshellarg($_GET['host']);
    // ok: php.command-injection (flow: sanitized)
    $out = shell_exec("ping -c 1 $host");
    // ok: php.command-injection (flow: sanitized)
    $pdo->exec("DELETE FROM sessions WHERE id = " . $_GET['id']);
    // ok: php.command-injection (flow: sanitized)
    system("rm -rf " . escapeshellarg($file));
    // ok: php.command-injection (flow: sanitized)
    $doc = 'never system("rm " . $_GET["f"])';
}

function numbers(): void
{
    // ok: php.command-injection (flow: number-conversion)
    exec('kill -9 ' . (int) $_POST['pid']);
    $lines = intval($_GET['n']);
    // ok: php.command-injection (flow: number-conversion)
    passthru("tail -n $lines /var/log/app.log");
    // ok: php.command-injection (flow: number-conversion)
    system('sleep ' . strlen($_GET['pad']));
}

function constants(): void
{
    $tool = $_GET['tool'];
    $tool = 'uptime';
    // ok: php.command-injection (flow: constant-overwrite)
    system($tool);
    $dir = $_GET['dir'];
    if (false) {
        $dir = $_GET['other'];
    } else {
        $dir = '/tmp';
    }
    // ok: php.command-injection (flow: dead-branch)
    system("ls " . $dir);
    $action = match ($_GET['action']) {
        'disk' => 'df -h',
        default => 'uptime',
    };
    // ok: php.command-injection (flow: sanitized)
    system($action);
}

class ExportController
{
    public function run(Request $request)
    {
        // ruleid: php.command-injection (flow: direct)
        return shell_exec('zip -r /tmp/export.zip ' . $request->input('dir'));
    }

    public function convert(Request $request)
    {
        $name = $request->request->get('name');
        // ruleid: php.command-injection (flow: assignments)
        $process = Process::fromShellCommandline('convert ' . $name . ' out.pdf');
        // ok: php.command-injection (flow: sanitized)
        $safe = new Process(['convert', $name, 'out.pdf']);
        return [$process, $safe];
    }
}

// Top-level script code is analysed too.
$target = $_GET['target'];
// ruleid: php.command-injection (flow: assignments)
system("traceroute " . $target);

// An address checked octet by octet to be numbers, then put together again.
$ip = stripslashes($_REQUEST['ip']);
$octet = explode('.', $ip);
if (is_numeric($octet[0]) && is_numeric($octet[1]) && is_numeric($octet[2]) && is_numeric($octet[3]) && sizeof($octet) == 4) {
    $ip = $octet[0] . '.' . $octet[1] . '.' . $octet[2] . '.' . $octet[3];
    // ok: php.command-injection (flow: guard)
    shell_exec('ping -c 4 ' . $ip);
}
if (is_numeric($octet[0])) {
    // ruleid: php.command-injection (flow: guard)
    shell_exec('ping -c 4 ' . $octet[0] . '.' . $octet[1]);
}
$port = $_GET['port'];
if (filter_var($port, FILTER_VALIDATE_INT) !== false) {
    // ok: php.command-injection (flow: guard)
    system('nc -z localhost ' . $port);
}
$host = $_GET['host'];
if (filter_var($host, FILTER_VALIDATE_IP) === false) {
    exit('not an address');
}
// ok: php.command-injection (flow: guard)
system('ping -c 1 ' . $host);
$level = $_GET['level'];
if (strtolower($level) == 'low' || strtolower($level) == 'high') {
    // ok: php.command-injection (flow: guard)
    system('set-level ' . $level);
}
if ($level == 0) {
    // ruleid: php.command-injection (flow: guard)
    system('set-level ' . $level);
}
$count = $_GET['count'];
if (filter_var($count, FILTER_VALIDATE_INT, FILTER_NULL_ON_FAILURE) !== false) {
    // ruleid: php.command-injection (flow: guard)
    system('ping -c ' . $count . ' localhost');
}
