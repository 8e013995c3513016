<?php
// Fixture for php.preg-replace-eval.

function legacy(string $text): string
{
    // ruleid: php.preg-replace-eval
    $text = preg_replace('/\[b\](.*?)\[\/b\]/e', "'<b>' . strtoupper('\\1') . '</b>'", $text);
    // ruleid: php.preg-replace-eval
    $text = preg_replace("#\{(\w+)\}#ie", '$vars["\\1"]', $text);
    // ruleid: php.preg-replace-eval
    $text = mb_ereg_replace('(\d+)', 'intval("\\1") * 2', $text, 'e');
    // ok: php.preg-replace-eval
    $text = preg_replace('/\s+/', ' ', $text);
    // ok: php.preg-replace-eval
    $text = preg_replace('/name/i', 'title', $text);
    // ok: php.preg-replace-eval
    $text = preg_replace_callback('/\[b\](.*?)\[\/b\]/', fn ($m) => '<b>' . strtoupper($m[1]) . '</b>', $text);
    // ok: php.preg-replace-eval
    $text = preg_replace('/(code|type)/', '', $text);
    return $text;
}
