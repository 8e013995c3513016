<?php
// Fixture for php.error-suppression.

function cleanup(string $dir, string $file): void
{
    // ruleid: php.error-suppression
    @copy($file, $dir . "/backup");
    // ruleid: php.error-suppression
    @mkdir($dir, 0755, true);
    // ruleid: php.error-suppression
    @$this->socket->write($payload);
    // ok: php.error-suppression
    if (!@mkdir($dir) && !is_dir($dir)) {
        throw new RuntimeException("Cannot create $dir");
    }
    // ok: php.error-suppression
    $content = @file_get_contents($file);
    // ok: php.error-suppression
    @trigger_error('The "foo" option is deprecated.', E_USER_DEPRECATED);
    // ok: php.error-suppression
    unlink($file);
}

function bestEffort(string $file): void
{
    // ok: php.error-suppression
    @unlink($file);
}
