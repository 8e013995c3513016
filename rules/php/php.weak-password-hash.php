<?php
// Fixture for php.weak-password-hash.

function register(PDO $pdo, string $email, string $password): void
{
    // ruleid: php.weak-password-hash
    $hash = md5($password);
    // ruleid: php.weak-password-hash
    $hash = sha1($salt . $_POST['password']);
    // ruleid: php.weak-password-hash
    $hash = hash('sha1', $user->password . $user->salt);
    // ok: php.weak-password-hash
    $hash = password_hash($password, PASSWORD_DEFAULT);
    // ok: php.weak-password-hash
    $etag = md5($content);
    // ok: php.weak-password-hash
    $digest = hash('sha256', $password . $pepper);
    // ok: php.weak-password-hash
    $key = md5($passengerId);
    // ok: php.weak-password-hash
    $apop = md5($timestamp . $password);
    // ok: php.weak-password-hash
    $stored = crypt($password, '$2y$12$' . $salt);
}

class UserService
{
    public function legacyCheck(User $user, Request $request): bool
    {
        // ruleid: php.weak-password-hash
        return $user->password_hash === md5($request->input('password'));
    }
}

class SmsTransport
{
    private function generateSignature(array $data): string
    {
        // ok: php.weak-password-hash
        return md5(implode('', $data) . $this->password);
    }
}
