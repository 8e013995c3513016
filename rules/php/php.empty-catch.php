<?php
// Fixture for php.empty-catch.

function load(string $path): ?array
{
    try {
        $data = json_decode(file_get_contents($path), true, 512, JSON_THROW_ON_ERROR);
    // ruleid: php.empty-catch
    } catch (JsonException $e) {
    }
    try {
        $cache->delete($path);
    // ruleid: php.empty-catch
    } catch (\Throwable $e) {}
    try {
        $lock->release();
    // ruleid: php.empty-catch
    } catch (LockException | RuntimeException) {
    }
    try {
        unlink($path);
    // ok: php.empty-catch
    } catch (Exception $e) {
        // The file may already be gone: nothing to clean up.
    }
    try {
        $client->send();
    // ok: php.empty-catch
    } catch (Exception $e) {
        $logger->error('send failed', ['exception' => $e]);
    }
    try {
        $client->send();
    // ok: php.empty-catch
    } catch (Exception $e) {
        throw new SendFailed($e->getMessage(), 0, $e);
    }
    return $data ?? null;
}
