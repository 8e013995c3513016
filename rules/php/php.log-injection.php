<?php
// Fixture for php.log-injection: request data written raw to a log, by every flow the analysis follows.

function direct(): void
{
    // ruleid: php.log-injection (flow: direct)
    error_log('Login failed for ' . $_POST['user']);
    // ruleid: php.log-injection (flow: direct)
    syslog(LOG_WARNING, "Bad token from {$_SERVER['HTTP_USER_AGENT']}");
    // ok: php.log-injection (flow: direct)
    error_log('Login failed');
    // ok: php.log-injection (flow: direct)
    error_log('Login failed', 3, $_GET['dest']);
    // ok: php.log-injection (flow: direct)
    file_put_contents('/srv/data/' . $_GET['f'] . '.txt', 'x');
}

function assignments(): void
{
    $user = $_POST['user'];
    $who = $user;
    $msg = "Password reset requested for $who";
    // ruleid: php.log-injection (flow: assignments)
    error_log($msg);
    $log = fopen('/var/log/app/access.log', 'a');
    // ruleid: php.log-injection (flow: assignments)
    fwrite($log, date('c') . ' ' . $who . "\n");
    // ok: php.log-injection (flow: assignments)
    fwrite($out, $who);
}

function building(): void
{
    $line = '[audit] ';
    $line .= $_GET['action'];
    // ruleid: php.log-injection (flow: string-building)
    file_put_contents('/var/log/audit.log', $line . PHP_EOL, FILE_APPEND);
    // ruleid: php.log-injection (flow: string-building)
    error_log(sprintf('search "%s" returned nothing', $_GET['q']));
    $entry = ['event' => 'search', 'term' => $_GET['term']];
    // ok: php.log-injection (flow: container)
    error_log('event: ' . $entry['event']);
    // ruleid: php.log-injection (flow: container)
    error_log('term: ' . $entry['term']);
}

function describe($value)
{
    return 'value=' . $value;
}

function audit($message)
{
    // ruleid: php.log-injection (flow: helper-function)
    error_log('[audit] ' . $message);
}

function helpers(): void
{
    // ruleid: php.log-injection (flow: helper-function)
    error_log(describe($_COOKIE['pref']));
    audit('deleted ' . $_POST['id']);
    // ok: php.log-injection (flow: helper-function)
    error_log(describe('default'));
    audit('cron finished');
}

class LoginAudit
{
    private $login;
    private $channel;

    public function __construct()
    {
        $this->login = $_POST['login'];
        $this->channel = 'web';
    }

    public function failed(): void
    {
        // ruleid: php.log-injection (flow: class-field)
        error_log("failed login {$this->login}");
        // ok: php.log-injection (flow: class-field)
        error_log("failed login on {$this->channel}");
    }
}

class SearchController
{
    public function search(Request $request)
    {
        $q = $request->input('q');
        // ruleid: php.log-injection (flow: assignments)
        error_log('search: ' . $q);
        // ok: php.log-injection (flow: sanitized)
        error_log('search: ' . json_encode($q));
        // ok: php.log-injection (flow: sanitized)
        error_log('search: ' . str_replace(["\r", "\n"], ' ', $q));
        // ok: php.log-injection (flow: sanitized)
        Log::info('search: ' . $q);
        // ok: php.log-injection (flow: number-conversion)
        error_log('page: ' . (int) $request->input('page'));
        $r = $request->input('r');
        $r = 'none';
        // ok: php.log-injection (flow: constant-overwrite)
        error_log('ref: ' . $r);
        $s = $request->input('s');
        if (false) {
            $s = $request->input('t');
        } else {
            $s = 'default';
        }
        // ok: php.log-injection (flow: dead-branch)
        error_log('sort: ' . $s);
    }
}
