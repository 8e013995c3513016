<?php
// Fixture for php.insecure-random.

function issue(User $user): void
{
    // ruleid: php.insecure-random
    $token = md5(uniqid(rand(), true));
    // ruleid: php.insecure-random
    $_SESSION['csrf_token'] = sha1(mt_rand());
    // ruleid: php.insecure-random
    $user->reset_code = mt_rand(100000, 999999);
    // ok: php.insecure-random
    $token = bin2hex(random_bytes(32));
    // ok: php.insecure-random
    $index = mt_rand(0, count($items) - 1);
    // ok: php.insecure-random
    $tokenCount = rand(1, 5);
    // ok: php.insecure-random
    $id = uniqid('upload_', true);
}

class PasswordGenerator
{
    public function generatePassword(int $length = 12): string
    {
        // ruleid: php.insecure-random
        return substr(str_shuffle('abcdefghjkmnpqrstuvwxyz23456789'), 0, $length);
    }

    public function shuffleCards(array $cards): array
    {
        // ok: php.insecure-random
        return array_slice($cards, rand(0, 3));
    }
}
