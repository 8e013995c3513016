<?php
// Fixture for php.cors-credentials-any-origin.

function api(): void
{
    // ruleid: php.cors-credentials-any-origin
    header('Access-Control-Allow-Origin: ' . $_SERVER['HTTP_ORIGIN']);
    header('Access-Control-Allow-Credentials: true');
}

function wildcard(): void
{
    // ruleid: php.cors-credentials-any-origin
    header('Access-Control-Allow-Origin: *');
    header('Access-Control-Allow-Credentials: true');
}

function publicApi(): void
{
    // ok: php.cors-credentials-any-origin
    header('Access-Control-Allow-Origin: *');
    header('Content-Type: application/json');
}

function checked(array $allowed): void
{
    if (in_array($_SERVER['HTTP_ORIGIN'] ?? '', $allowed, true)) {
        // ok: php.cors-credentials-any-origin
        header('Access-Control-Allow-Origin: ' . $_SERVER['HTTP_ORIGIN']);
        header('Access-Control-Allow-Credentials: true');
    }
}

class CorsMiddleware
{
    public function handle(Request $request, Closure $next)
    {
        $response = $next($request);
        // ruleid: php.cors-credentials-any-origin
        $response->headers->set('Access-Control-Allow-Origin', $request->headers->get('Origin'));
        $response->headers->set('Access-Control-Allow-Credentials', 'true');
        return $response;
    }

    public function fixed(Request $request, Closure $next)
    {
        $response = $next($request);
        // ok: php.cors-credentials-any-origin
        $response->headers->set('Access-Control-Allow-Origin', 'https://app.example.com');
        $response->headers->set('Access-Control-Allow-Credentials', 'true');
        return $response;
    }
}
