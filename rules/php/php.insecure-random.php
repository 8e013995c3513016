<?php
// Fixture for php.insecure-random: predictable random values becoming secrets, by every flow the analysis follows.

function direct(User $user): void
{
    // ruleid: php.insecure-random (flow: direct)
    $token = md5(uniqid(rand(), true));
    // ruleid: php.insecure-random (flow: direct)
    $_SESSION['csrf_token'] = sha1(mt_rand());
    // ruleid: php.insecure-random (flow: direct)
    $user->reset_code = mt_rand(100000, 999999);
    // ruleid: php.insecure-random (flow: direct)
    setcookie('remember', md5(microtime()), time() + 86400);
    // ok: php.insecure-random (flow: sanitized)
    $token = bin2hex(random_bytes(32));
    // ok: php.insecure-random (flow: direct)
    $index = mt_rand(0, count($items) - 1);
    // ok: php.insecure-random (flow: direct)
    $tokenCount = rand(1, 5);
    // ok: php.insecure-random (flow: direct)
    $id = uniqid('upload_', true);
    // ok: php.insecure-random (flow: direct)
    setcookie('theme', 'dark', time() + 86400);
    // ok: php.insecure-random (flow: direct)
    $_SESSION['started'] = microtime(true);
}

function assignments(): void
{
    $seed = mt_rand();
    $raw = $seed;
    // ruleid: php.insecure-random (flow: assignments)
    $apiKey = sha1($raw);
    // ok: php.insecure-random (flow: assignments)
    $color = $raw;
}

function building(): array
{
    $suffix = uniqid();
    // ruleid: php.insecure-random (flow: string-building)
    $nonce = 'n-' . $suffix;
    // ruleid: php.insecure-random (flow: string-building)
    $sessionId = sprintf('%s-%s', date('Ymd'), $suffix);
    $digits = '';
    for ($i = 0; $i < 6; $i++) {
        $digits .= rand(0, 9);
    }
    // ruleid: php.insecure-random (flow: string-building)
    $otp = $digits;
    $parts = [];
    $parts[] = mt_rand();
    // ruleid: php.insecure-random (flow: container)
    $salt = implode('', $parts);
    return [
        // ruleid: php.insecure-random (flow: container)
        'token' => uniqid('', true),
        // ok: php.insecure-random (flow: container)
        'request_id' => uniqid('', true),
    ];
}

function random_suffix()
{
    return dechex(mt_rand());
}

function remember_me($value)
{
    // ruleid: php.insecure-random (flow: helper-function)
    setcookie('remember_token', $value);
}

function helpers(): void
{
    // ruleid: php.insecure-random (flow: helper-function)
    $csrf = 'csrf-' . random_suffix();
    remember_me(uniqid());
    // ok: php.insecure-random (flow: helper-function)
    $label = 'item-' . random_suffix();
    remember_me(bin2hex(random_bytes(16)));
}

class PasswordGenerator
{
    private $seed;
    private $prefix;

    public function init(): void
    {
        $this->seed = mt_rand();
        $this->prefix = 'pw';
    }

    public function generatePassword(int $length = 12): string
    {
        // ruleid: php.insecure-random (flow: direct)
        return substr(str_shuffle('abcdefghjkmnpqrstuvwxyz23456789'), 0, $length);
    }

    public function initialPassword(): string
    {
        // ruleid: php.insecure-random (flow: class-field)
        return $this->prefix . $this->seed;
    }

    public function label(): string
    {
        // ok: php.insecure-random (flow: class-field)
        $token = $this->prefix . '-label';
        return $token;
    }

    public function shuffleCards(array $cards): array
    {
        // ok: php.insecure-random (flow: direct)
        return array_slice($cards, rand(0, 3));
    }
}

class TokenController
{
    public function issue(Request $request)
    {
        // ruleid: php.insecure-random (flow: direct)
        session()->put('reset_token', sha1(uniqid()));
        // ok: php.insecure-random (flow: sanitized)
        session()->put('reset_token', Str::random(40));
        // ruleid: php.insecure-random (flow: direct)
        Cookie::queue('device', md5(lcg_value()), 60);
        // ruleid: php.insecure-random (flow: direct)
        $hash = password_hash(uniqid(), PASSWORD_DEFAULT);
        // ruleid: php.insecure-random (flow: direct)
        $enc = openssl_encrypt($data, 'aes-256-cbc', $this->key, 0, substr(md5(mt_rand()), 0, 16));
        // ok: php.insecure-random (flow: sanitized)
        $enc = openssl_encrypt($data, 'aes-256-cbc', $this->key, 0, random_bytes(16));
        $t = uniqid();
        $t = bin2hex(random_bytes(16));
        // ok: php.insecure-random (flow: constant-overwrite)
        $token = $t;
        $u = mt_rand();
        if (false) {
            $u = rand();
        } else {
            $u = random_int(0, PHP_INT_MAX);
        }
        // ok: php.insecure-random (flow: dead-branch)
        $secret = $u;
        // ok: php.insecure-random (flow: direct)
        $winner = $request->input('names')[array_rand($request->input('names'))];
    }
}
